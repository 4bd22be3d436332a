/**
 * JSON shapes of the answers the UI reads: the node API (`/v1`, as docs/read-api-notes.md and the node
 * send them: u64 values are decimal strings) and the explorer extras (`/explorer/v1`, docs/api.md).
 * Each is inferred from its endpoint's reply schema in the registry (shared/api/registry.ts); the
 * names stay for the components that take one element of a reply.
 */
import type { ReplyOf } from '../../shared/api/endpoint.ts';
import type { ENDPOINTS } from '../../shared/api/registry.ts';

type Reply<Name extends keyof typeof ENDPOINTS> = ReplyOf<(typeof ENDPOINTS)[Name]>;

export type { SourceInfo, SnapshotOrigin } from '../../shared/api/source-info.ts';

export type { JsonValue } from '../../shared/api/wire-schemas.ts';

/** The error record every failed request carries (shared/api/error-record.ts). */
export type { ReceivedErrorRecord as ErrorRecord } from '../../shared/api/error-record.ts';

/** `GET /v1`. */
export type LedgerInfoJson = Reply<'ledgerInfo'>;

/** `GET /v1/accounts/{address}`. */
export type AccountJson = Reply<'account'>;

/** One entry of `GET /v1/accounts/{address}/resources`, or `/resource/{type}`. */
export type MoveResourceJson = Reply<'resource'>;

/** One event of the events endpoints. */
export type EventJson = Reply<'eventsByCreationNumber'>[number];

/** One entry of `GET /v1/accounts/{address}/transaction_summaries`. */
export type TransactionSummaryJson = Reply<'transactionSummaries'>[number];

/** How a transaction is protected from replay; some nodes send the bare variant name as a string. */
export type ReplayProtectorJson = TransactionSummaryJson['replay_protector'];

/** One module of `GET /v1/accounts/{address}/modules`. */
export type MoveModuleJson = Reply<'accountModule'>;

/** `GET /v1/estimate_gas_price`. */
export type GasEstimateJson = Reply<'gasEstimate'>;

/** `GET /explorer/v1/accounts`. */
export type AccountListJson = Reply<'explorerAccounts'>;

/** A table's metadata (`GET /explorer/v1/tables/{handle}`). */
export type TableInfoJson = Reply<'explorerTable'>;

/** `GET /explorer/v1/tables`. */
export type TableListJson = Reply<'explorerTables'>;

/** A block with its gas facts (`GET /explorer/v1/blocks`). */
export type BlockJson = BlockListJson['blocks'][number];

/** `GET /explorer/v1/blocks`. */
export type BlockListJson = Reply<'explorerBlocks'>;

/** One result of `GET /explorer/v1/search`. */
export type SearchResultJson = SearchJson['results'][number];

/** `GET /explorer/v1/search`. */
export type SearchJson = Reply<'explorerSearch'>;

/** `GET /explorer/v1/versions/{version}`: the block holding a version. */
export type VersionInfoJson = Reply<'explorerVersion'>;

/** One entry of `GET /explorer/v1/event-streams`. */
export type EventStreamJson = EventStreamListJson['streams'][number];

/** `GET /explorer/v1/event-streams`: counted over the versions holding the newest `window` events. */
export type EventStreamListJson = Reply<'explorerEventStreams'>;

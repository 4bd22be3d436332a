/**
 * JSON shapes of the answers the UI reads: the node API (`/v1`, as read-api-spec.md and the node
 * send them: u64 values are decimal strings) and the explorer extras (`/explorer/v1`, docs/api.md).
 */
export type { SourceInfo, SnapshotOrigin } from '../../shared/api/source-info.ts';

/** Any JSON value, as Move values come out of the API. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** The error record every failed request carries. */
export interface ErrorRecord {
  readonly message: string;
  readonly error_code: string;
  readonly vm_error_code: number | null;
}

/** `GET /v1`. */
export interface LedgerInfoJson {
  readonly chain_id: number;
  readonly epoch: string;
  readonly ledger_version: string;
  readonly oldest_ledger_version: string;
  readonly ledger_timestamp: string;
  readonly node_role: string;
  readonly oldest_block_height: string;
  readonly block_height: string;
  readonly git_hash?: string;
}

/** `GET /v1/accounts/{address}`. */
export interface AccountJson {
  readonly sequence_number: string;
  readonly authentication_key: string;
}

/** One entry of `GET /v1/accounts/{address}/resources`, or `/resource/{type}`. */
export interface MoveResourceJson {
  readonly type: string;
  readonly data: { readonly [field: string]: JsonValue };
}

/** One event of the events endpoints. */
export interface EventJson {
  readonly version: string;
  readonly guid: { readonly creation_number: string; readonly account_address: string };
  readonly sequence_number: string;
  readonly type: string;
  readonly data: JsonValue;
}

/** How a transaction is protected from replay; some nodes send the bare variant name as a string. */
export type ReplayProtectorJson = { readonly sequence_number: string } | { readonly nonce: string } | string;

/** One entry of `GET /v1/accounts/{address}/transaction_summaries`. */
export interface TransactionSummaryJson {
  readonly sender: string;
  readonly version: string;
  readonly transaction_hash: string;
  readonly replay_protector: ReplayProtectorJson;
}

/** One module of `GET /v1/accounts/{address}/modules`. */
export interface MoveModuleJson {
  readonly bytecode: string;
  readonly abi?: {
    readonly address: string;
    readonly name: string;
    readonly friends: readonly string[];
    readonly exposed_functions: readonly {
      readonly name: string;
      readonly visibility: string;
      readonly is_entry: boolean;
      readonly is_view: boolean;
      readonly generic_type_params: readonly unknown[];
      readonly params: readonly string[];
      readonly return: readonly string[];
    }[];
    readonly structs: readonly {
      readonly name: string;
      readonly is_native: boolean;
      readonly abilities: readonly string[];
      readonly generic_type_params: readonly unknown[];
      readonly fields: readonly { readonly name: string; readonly type: string }[];
    }[];
  };
}

/** `GET /v1/estimate_gas_price`. */
export interface GasEstimateJson {
  readonly deprioritized_gas_estimate: number;
  readonly gas_estimate: number;
  readonly prioritized_gas_estimate: number;
}

/** `GET /explorer/v1/accounts`. */
export interface AccountListJson {
  readonly ledger_version: string;
  readonly accounts: readonly string[];
  readonly next: string | null;
}

/** A table's metadata (`GET /explorer/v1/tables/{handle}`). */
export interface TableInfoJson {
  readonly handle: string;
  readonly key_type: string;
  readonly value_type: string;
  readonly owner: { readonly address: string; readonly resource: string | null; readonly field: string | null } | null;
}

/** `GET /explorer/v1/tables`. */
export interface TableListJson {
  readonly tables: readonly TableInfoJson[];
  readonly next: string | null;
}

/** A block with its gas facts (`GET /explorer/v1/blocks`). */
export interface BlockJson {
  readonly height: string;
  readonly epoch: string;
  readonly first_version: string;
  readonly last_version: string;
  readonly timestamp_usec: string;
  readonly user_transactions: number;
  readonly min_gas_unit_price: string | null;
  readonly max_transactions_to_one_module: number;
  readonly block_limit_reached: boolean;
  readonly dominated_by_one_contract: boolean;
  readonly full: boolean;
  readonly inclusion_price: string;
}

/** `GET /explorer/v1/blocks`. */
export interface BlockListJson {
  readonly blocks: readonly BlockJson[];
  readonly next_before: string | null;
}

/** One result of `GET /explorer/v1/search`. */
export type SearchResultJson =
  | { readonly kind: 'version'; readonly version: string; readonly block_height: string | null }
  | { readonly kind: 'account'; readonly address: string }
  | ({ readonly kind: 'table' } & TableInfoJson)
  | { readonly kind: 'module'; readonly address: string; readonly name: string; readonly exists: boolean }
  | {
      readonly kind: 'struct_tag';
      readonly type: string;
      readonly module_exists: boolean;
      readonly struct_exists: boolean;
    };

/** `GET /explorer/v1/search`. */
export interface SearchJson {
  readonly query: string;
  readonly results: readonly SearchResultJson[];
}

/** `GET /explorer/v1/versions/{version}`: the block holding a version. */
export interface VersionInfoJson {
  readonly version: string;
  readonly block_height: string;
  readonly block_timestamp_usec: string;
  readonly epoch: string;
  readonly block_first_version: string;
  readonly block_last_version: string;
}

/** One entry of `GET /explorer/v1/event-streams`. */
export interface EventStreamJson {
  readonly address: string;
  readonly creation_number: string;
  readonly type: string;
  readonly count: number;
  readonly latest_sequence_number: string;
  readonly latest_version: string;
}

/** `GET /explorer/v1/event-streams`: counted over the versions holding the newest `window` events. */
export interface EventStreamListJson {
  readonly window: number;
  readonly streams: readonly EventStreamJson[];
}

/**
 * Explorer extras under `/explorer/v1/` (not part of the node API, JSON only): account and table
 * listings, table info and the block list of the blocks/gas panel. Shapes are in docs/api.md.
 */
import type { ReplyOf } from '../../../shared/api/endpoint.ts';
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { formatAddress } from '../../../shared/address.ts';
import type { BlockSummary, TableInfo } from '../../snapshot/ledger-store.ts';
import { blockInclusionPrice, isDominatedByOneContract, isFullBlock } from '../gas-estimate.ts';
import { notFound } from '../http-errors.ts';
import { requestedVersion, type ContextOf, type RequestContext } from '../request-context.ts';
import { endpointReply } from '../responses.ts';
import type { ServiceReply } from '../service-reply.ts';

/** A table's metadata as JSON. */
export function tableInfoJson(info: TableInfo): ReplyOf<typeof ENDPOINTS.explorerTable> {
  const owner =
    info.ownerAddress === undefined
      ? null
      : {
          address: formatAddress(info.ownerAddress),
          resource: info.ownerResource ?? null,
          field: info.ownerField ?? null,
        };
  return { handle: formatAddress(info.handle), key_type: info.keyType, value_type: info.valueType, owner };
}

/** A block as the blocks/gas panel shows it, with how gas estimation counts it. */
function blockJson(
  block: BlockSummary,
  minPrice: bigint,
  context: RequestContext,
): ReplyOf<typeof ENDPOINTS.explorerBlocks>['blocks'][number] {
  const settings = context.store.settings.gasEstimation;
  return {
    height: block.height.toString(),
    epoch: block.epoch.toString(),
    first_version: block.firstVersion.toString(),
    last_version: block.lastVersion.toString(),
    timestamp_usec: block.timestampUsec.toString(),
    user_transactions: block.userTransactions,
    min_gas_unit_price: block.minGasUnitPrice?.toString() ?? null,
    max_transactions_to_one_module: block.maxTransactionsToOneModule,
    block_limit_reached: block.blockLimitReached,
    dominated_by_one_contract: isDominatedByOneContract(block),
    full: isFullBlock(block, settings),
    inclusion_price: blockInclusionPrice(block, minPrice, settings).toString(),
  };
}

/** `GET /explorer/v1/accounts?limit&after&ledger_version` → `{"accounts": [...], "next": after|null}`. */
export function listAccounts(context: ContextOf<'explorerAccounts'>): ServiceReply {
  const { limit, after } = context.query;
  const version = requestedVersion(context);
  const found = context.store.listAccounts(version, after, limit + 1);
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  const next = found.length > limit && last !== undefined ? formatAddress(last) : null;
  return endpointReply(
    ENDPOINTS.explorerAccounts,
    { ledger_version: version.toString(), accounts: page.map(formatAddress), next },
    context.ledger,
  );
}

/** `GET /explorer/v1/tables?limit&after` → `{"tables": [...], "next": after|null}`. */
export function listTables(context: ContextOf<'explorerTables'>): ServiceReply {
  const { limit, after } = context.query;
  const found = context.store.listTables(after, limit + 1);
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  const next = found.length > limit && last !== undefined ? formatAddress(last.handle) : null;
  return endpointReply(ENDPOINTS.explorerTables, { tables: page.map(tableInfoJson), next }, context.ledger);
}

/** `GET /explorer/v1/tables/{handle}` → the table's metadata, or 404. */
export function getTableInfo(context: ContextOf<'explorerTable'>): ServiceReply {
  const handle = context.params.handle;
  const info = context.store.tableInfo(handle);
  if (info === undefined)
    throw notFound('state_value_not_found', `Table not found by Table handle(${formatAddress(handle)})`);
  return endpointReply(ENDPOINTS.explorerTable, tableInfoJson(info), context.ledger);
}

/** `GET /explorer/v1/blocks?before&limit` → `{"blocks": [...newest first], "next_before": height|null}`. */
export function listBlocks(context: ContextOf<'explorerBlocks'>): ServiceReply {
  const { limit, before } = context.query;
  // Any u64: the store clamps a height above the ones it holds.
  const found = context.store.blocksBefore(before, limit + 1);
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  const next = found.length > limit && last !== undefined && last.height > 0n ? (last.height - 1n).toString() : null;
  const minPrice = context.store.minGasUnitPrice(context.ledger.ledgerVersion);
  return endpointReply(
    ENDPOINTS.explorerBlocks,
    { blocks: page.map((block) => blockJson(block, minPrice, context)), next_before: next },
    context.ledger,
  );
}

/**
 * `GET /explorer/v1/source` → what the UI is looking at (docs/api.md); a snapshot without a name is "snapshot".
 * `indexer` says whether `POST /v1/graphql` answers (the file has the indexer tables), so the UI knows before asking.
 */
export function getSource(context: ContextOf<'explorerSource'>): ServiceReply {
  const described = context.options.source ?? { kind: 'snapshot', name: 'snapshot', origin: null };
  const indexer = context.options.indexer?.() !== undefined;
  return endpointReply(ENDPOINTS.explorerSource, { ...described, indexer }, context.ledger);
}

/**
 * `GET /explorer/v1/source/digest` → `{"content_digest"}`: the snapshot's content digest (the store hashes it once,
 * in the background); a store that cannot say (not a snapshot file) answers 404.
 */
export async function getSourceDigest(context: ContextOf<'explorerSourceDigest'>): Promise<ServiceReply> {
  const digest = await context.store.contentDigest?.();
  if (digest === undefined) throw notFound('web_framework_error', 'This source has no content digest');
  return endpointReply(ENDPOINTS.explorerSourceDigest, { content_digest: digest }, context.ledger);
}

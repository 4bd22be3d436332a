/**
 * The block holding the captured version, as exactly as the source can tell: our own service's
 * explorer API (`/explorer/v1/versions/{v}`) has every figure; a node's `/v1/blocks/by_version` has all but the epoch
 * (taken from
 * the ledger info); otherwise the ledger info alone (exact when capturing the latest version).
 */
import { hexToBytes } from '../../../shared/hex.ts';
import { TRANSACTION_KINDS } from './capture-details.ts';
import type { CapturedBlock, CapturedTransaction } from './capture-types.ts';
import type { SourceReader } from './source-reader.ts';

/** `GET /v1` as JSON (the fields a capture uses). */
export interface LedgerJson {
  readonly chain_id: number;
  readonly epoch: string;
  readonly ledger_version: string;
  readonly oldest_ledger_version: string;
  readonly ledger_timestamp: string;
  readonly block_height: string;
}

interface ExplorerVersion {
  readonly block_height: string;
  readonly block_timestamp_usec: string;
  readonly epoch: string;
  readonly block_first_version: string;
  readonly block_last_version: string;
}

interface NodeBlock {
  readonly block_height: string;
  readonly block_timestamp: string;
  readonly first_version: string;
  readonly last_version: string;
}

/** A read that may fail or be missing: any failure means "unknown". */
async function optional<T>(read: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await read();
  } catch {
    return undefined;
  }
}

/** The block of `version`. */
export async function blockOfVersion(
  reader: SourceReader,
  version: bigint,
  ledger: LedgerJson,
): Promise<CapturedBlock> {
  const latest = BigInt(ledger.ledger_version) === version;
  const explorer = await optional(() => reader.jsonIfFound<ExplorerVersion>(`/explorer/v1/versions/${version}`, 'any'));
  if (explorer !== undefined) {
    return {
      height: BigInt(explorer.block_height),
      epoch: BigInt(explorer.epoch),
      firstVersion: BigInt(explorer.block_first_version),
      lastVersion: BigInt(explorer.block_last_version),
      timestampUsec: BigInt(explorer.block_timestamp_usec),
    };
  }
  const node = await optional(() => reader.jsonIfFound<NodeBlock>(`/blocks/by_version/${version}`, 'any'));
  if (node !== undefined) {
    return {
      height: BigInt(node.block_height),
      epoch: BigInt(ledger.epoch),
      firstVersion: BigInt(node.first_version),
      lastVersion: BigInt(node.last_version),
      timestampUsec: BigInt(node.block_timestamp),
    };
  }
  return {
    height: latest ? BigInt(ledger.block_height) : 0n,
    epoch: BigInt(ledger.epoch),
    firstVersion: version,
    lastVersion: version,
    timestampUsec: latest ? BigInt(ledger.ledger_timestamp) : 0n,
  };
}

/**
 * The kind and hash of the transaction at `version` (a snapshot names a committed transaction as
 * its latest version). A node tells through `/v1/transactions/by_version`; otherwise the captured
 * version, being a ledger version, is taken as its block's end (`block_epilogue`, hash unknown).
 */
export async function transactionAt(reader: SourceReader, version: bigint): Promise<CapturedTransaction> {
  const node = await optional(() =>
    reader.jsonIfFound<{ type?: string; hash?: string } & Record<string, unknown>>(
      `/transactions/by_version/${version}`,
      'any',
    ),
  );
  const kind = node?.type === undefined ? undefined : TRANSACTION_KINDS[node.type];
  if (kind !== undefined && typeof node?.hash === 'string' && /^0x[0-9a-f]{64}$/i.test(node.hash))
    return { kind, hash: hexToBytes(node.hash) };
  return { kind: 'block_epilogue', hash: new Uint8Array(32) };
}

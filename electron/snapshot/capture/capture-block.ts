/**
 * The block holding the captured version, as exactly as the source can tell: our own service's
 * explorer API has every figure; a node's `/v1/blocks/by_version` has all but the epoch (taken from
 * the ledger info); otherwise the ledger info alone (exact when capturing the latest version).
 */
import type { CapturedBlock } from './capture-types.ts';
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

interface ExplorerBlock {
  readonly height: string;
  readonly epoch: string;
  readonly first_version: string;
  readonly last_version: string;
  readonly timestamp_usec: string;
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
export async function blockOfVersion(reader: SourceReader, version: bigint, ledger: LedgerJson): Promise<CapturedBlock> {
  const latest = BigInt(ledger.ledger_version) === version;
  let height: string | undefined = latest ? ledger.block_height : undefined;
  if (height === undefined) {
    const search = await optional(() => reader.jsonIfFound<{ results?: { kind?: string; block_height?: string }[] }>(`/explorer/v1/search?q=${version}`, 'any'));
    height = search?.results?.find((result) => result.kind === 'version')?.block_height;
  }
  if (height !== undefined) {
    const listed = await optional(() => reader.jsonIfFound<{ blocks?: ExplorerBlock[] }>(`/explorer/v1/blocks?before=${height}&limit=1`, 'any'));
    const block = listed?.blocks?.[0];
    if (block !== undefined && BigInt(block.first_version) <= version && version <= BigInt(block.last_version)) {
      return {
        height: BigInt(block.height),
        epoch: BigInt(block.epoch),
        firstVersion: BigInt(block.first_version),
        lastVersion: BigInt(block.last_version),
        timestampUsec: BigInt(block.timestamp_usec),
      };
    }
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
    height: BigInt(height ?? '0'),
    epoch: BigInt(ledger.epoch),
    firstVersion: version,
    lastVersion: version,
    timestampUsec: latest ? BigInt(ledger.ledger_timestamp) : 0n,
  };
}

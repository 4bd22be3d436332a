/**
 * The block holding the captured version, as exactly as the source can tell: our own service's
 * explorer API (`/explorer/v1/versions/{v}`) has every figure; a node's `/v1/blocks/by_version` has all but the epoch
 * (taken from
 * the ledger info); otherwise the ledger info alone (exact when capturing the latest version).
 */
import * as v from 'valibot';
import * as wire from '../../../shared/api/wire-schemas.ts';
import * as explorerWire from '../../../shared/api/endpoints/explorer-schemas.ts';
import { hexToBytes } from '../../../shared/hex.ts';
import { CaptureError } from './capture-types.ts';
import { TRANSACTION_KINDS } from './capture-details.ts';
import type { CapturedBlock, CapturedTransaction } from './capture-types.ts';
import type { SourceReader } from './source-reader.ts';

/** `GET /v1` as the wire schema reads it (shared/api/wire-schemas.ts). */
export type LedgerJson = v.InferOutput<typeof wire.ledgerInfo>;

/** The source's `GET /v1` parsed with the wire schema; another shape is a capture error naming the field. */
export function ledgerOf(json: unknown): LedgerJson {
  const parsed = v.safeParse(wire.ledgerInfo, json);
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  throw new CaptureError(`the source's /v1 has another shape: ${v.getDotPath(issue) ?? 'body'}: ${issue.message}`);
}

/** Reads `path` of the source parsed with `schema`; undefined when the source has none (404). */
async function parsedIfFound<S extends v.GenericSchema>(
  reader: SourceReader,
  path: string,
  schema: S,
): Promise<v.InferOutput<S> | undefined> {
  const json = await reader.jsonIfFound<unknown>(path, 'any');
  return json === undefined ? undefined : v.parse(schema, json);
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
  const explorer = await optional(() =>
    parsedIfFound(reader, `/explorer/v1/versions/${version}`, explorerWire.versionInfo),
  );
  if (explorer !== undefined) {
    return {
      height: BigInt(explorer.block_height),
      epoch: BigInt(explorer.epoch),
      firstVersion: BigInt(explorer.block_first_version),
      lastVersion: BigInt(explorer.block_last_version),
      timestampUsec: BigInt(explorer.block_timestamp_usec),
    };
  }
  const node = await optional(() => parsedIfFound(reader, `/blocks/by_version/${version}`, wire.block));
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
  const node = await optional(() => parsedIfFound(reader, `/transactions/by_version/${version}`, wire.transaction));
  const kind = node === undefined ? undefined : TRANSACTION_KINDS[node.type];
  if (node !== undefined && kind !== undefined && /^0x[0-9a-f]{64}$/i.test(node.hash))
    return { kind, hash: hexToBytes(node.hash) };
  return { kind: 'block_epilogue', hash: new Uint8Array(32) };
}

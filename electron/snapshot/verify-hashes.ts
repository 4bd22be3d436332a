/**
 * `snapshot verify`'s check of the transaction hashes a v2 file lets it recompute (transaction-hash.ts): block
 * metadata from its kind fields and block time, sequence-number and orderless user transactions from their row,
 * payload BCS and signature. Transactions whose shape is not recomputed are counted as skipped, never reported.
 */
import type Database from 'better-sqlite3';
import { parseAddress } from '../../shared/address.ts';
import { bytesToHex, hexToBytes } from '../../shared/hex.ts';
import { blockMetadataHash, userTransactionHash } from './transaction-hash.ts';
import { NO_PROGRESS, type Progress } from './progress.ts';
import { U64_MAX } from '../../shared/ledger/u64.ts';

interface HashRow {
  readonly version: number;
  readonly kind: string;
  readonly hash: Uint8Array;
  readonly sender: Uint8Array | null;
  readonly sequence_number: number | null;
  readonly max_gas_amount: number;
  readonly gas_unit_price: number;
  readonly timestamp_usec: number;
  readonly expiration_timestamp_secs: number | null;
  readonly payload_bcs: Uint8Array | null;
  readonly signature: string | null;
  readonly kind_fields: string | null;
}

function recompute(row: HashRow, chainId: number): Uint8Array | undefined {
  if (row.kind === 'block_metadata' && row.kind_fields) {
    const fields = JSON.parse(row.kind_fields) as Record<string, unknown>;
    return blockMetadataHash({
      id: hexToBytes(String(fields.id)),
      epoch: BigInt(String(fields.epoch)),
      round: BigInt(String(fields.round)),
      proposer: parseAddress(String(fields.proposer)),
      previousBlockVotesBitvec: fields.previous_block_votes_bitvec as number[],
      failedProposerIndices: fields.failed_proposer_indices as number[],
      timestampUsec: BigInt(row.timestamp_usec),
    });
  }
  if (row.kind !== 'user' || !row.sender || !row.payload_bcs || row.expiration_timestamp_secs === null)
    return undefined;
  return userTransactionHash({
    sender: row.sender,
    sequenceNumber: row.sequence_number === null ? U64_MAX : BigInt(row.sequence_number),
    payloadBcs: row.payload_bcs,
    maxGasAmount: BigInt(row.max_gas_amount),
    gasUnitPrice: BigInt(row.gas_unit_price),
    expirationTimestampSecs: BigInt(row.expiration_timestamp_secs),
    chainId,
    signature: JSON.parse(row.signature ?? 'null') as unknown,
  });
}

/** Recomputes what it can; reports each mismatch as one line; returns how many hashes were checked. */
export function verifyTransactionHashes(
  db: Database.Database,
  chainId: number,
  problem: (text: string) => void,
  progress: Progress = NO_PROGRESS,
): Record<string, number> {
  let checked = 0;
  const transactions = db.prepare('SELECT count(*) FROM transactions').pluck().get() as number;
  progress.phase('verifying: transaction hashes', transactions, 'transactions');
  for (const row of db
    .prepare(
      `SELECT t.version, t.kind, t.hash, t.sender, t.sequence_number, t.max_gas_amount, t.gas_unit_price,
        t.timestamp_usec,
              d.expiration_timestamp_secs, d.payload_bcs, d.signature, d.kind_fields
       FROM transactions t JOIN transaction_details d ON d.version = t.version
       WHERE t.kind IN ('user', 'block_metadata') ORDER BY t.version`,
    )
    .iterate() as Iterable<HashRow>) {
    let hash: Uint8Array | undefined;
    try {
      hash = recompute(row, chainId);
    } catch (error) {
      problem(
        `version ${row.version}: its transaction cannot be encoded to check its hash (${(error as Error).message})`,
      );
      continue;
    }
    if (row.version % 256 === 0) progress.update(row.version);
    if (!hash) continue;
    checked += 1;
    if (Buffer.compare(hash, row.hash) !== 0)
      problem(
        `version ${row.version}: hash ${bytesToHex(row.hash)} is not the hash of its transaction ` +
          `(${bytesToHex(hash)} recomputed)`,
      );
  }
  progress.update(transactions);
  return { transactionHashes: checked };
}

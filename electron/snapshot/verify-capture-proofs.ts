/**
 * `snapshot verify`'s proofs of a capture's transactions kept in full (docs/snapshot-format.md, "Captured snapshots";
 * docs/remote.md, "What a capture proves"), recomputed from the file alone for every one of them: the node's
 * `Transaction` bytes kept with it (`captured_transactions`) hash to its hash and say what its rows say
 * (capture/transaction-proof.ts), its write set — `captured_write_sets` with the node's ops and metadata —
 * hashes to its `state_change_hash`, and its events to its `event_root_hash` (a failure of the last is reported
 * by verify-v2.ts, which checks every version's events; here it is counted). Returns what was proved, by kind.
 */
import type Database from 'better-sqlite3';
import type { LedgerEvent } from '../../shared/bcs/ledger-bcs.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { nodeStateChangeHash, type NodeWriteOp } from './capture/node-write-set.ts';
import { transactionDisagreement, type ProvableTransaction } from './capture/transaction-proof.ts';
import { aptosHash, eventRootHash } from './ledger-hashes.ts';
import { CAPTURED_TRANSACTIONS_TABLE } from './schema.ts';

interface KeptRow {
  readonly version: number;
  readonly kind: ProvableTransaction['kind'];
  readonly hash: Uint8Array;
  readonly sender: Uint8Array | null;
  readonly sequence_number: number | null;
  readonly nonce: number | null;
  readonly max_gas_amount: number;
  readonly gas_unit_price: number;
  readonly timestamp_usec: number;
  readonly expiration_timestamp_secs: number | null;
  readonly payload: string | null;
  readonly payload_bcs: Uint8Array | null;
  readonly signature: string | null;
  readonly kind_fields: string | null;
  readonly state_change_hash: Uint8Array;
  readonly event_root_hash: Uint8Array;
  readonly bcs: Uint8Array | null;
}

/** The figure each proved kind is counted under. */
const KIND_FIGURES: Readonly<Record<ProvableTransaction['kind'], string>> = {
  user: 'provedUserTransactions',
  block_metadata: 'provedBlockMetadata',
  state_checkpoint: 'provedStateCheckpoints',
  block_epilogue: 'provedBlockEpilogues',
  genesis: 'provedGenesis',
};

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

function provable(row: KeptRow, chainId: number): ProvableTransaction {
  const big = (value: number | null): bigint | null => (value === null ? null : BigInt(value));
  return {
    kind: row.kind,
    sender: row.sender,
    sequenceNumber: big(row.sequence_number),
    nonce: big(row.nonce),
    maxGasAmount: BigInt(row.max_gas_amount),
    gasUnitPrice: BigInt(row.gas_unit_price),
    expirationTimestampSecs: big(row.expiration_timestamp_secs),
    chainId,
    signature: row.signature,
    payload: row.payload,
    payloadBcs: row.payload_bcs,
    kindFields: row.kind_fields,
    timestampUsec: BigInt(row.timestamp_usec),
  };
}

/** Why the transaction of `row` is not proved by its bytes; undefined when it is. */
function transactionProblem(row: KeptRow, chainId: number): string | undefined {
  if (row.bcs === null) return "kept in full without the node's transaction bytes (captured_transactions)";
  if (!(row.bcs instanceof Uint8Array) || !(row.hash instanceof Uint8Array))
    return 'its captured_transactions.bcs or its hash is not a BLOB';
  if (!same(aptosHash('Transaction', row.bcs), row.hash))
    return `its transaction bytes do not hash to its hash ${bytesToHex(row.hash)}`;
  return transactionDisagreement(provable(row, chainId), row.bcs);
}

/** Recomputes the proofs of every transaction a capture kept in full; each failure is one line naming its version. */
export function verifyCaptureProofs(
  db: Database.Database,
  chainId: number,
  problem: (text: string) => void,
): Record<string, number> {
  const hasProofs = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    .get(CAPTURED_TRANSACTIONS_TABLE);
  const kept = (db.prepare('SELECT count(*) FROM transaction_details').pluck().get() as number) ?? 0;
  // A capture made before captures carried their proofs: nothing to recompute, and it says so.
  if (hasProofs === undefined) return kept > 0 ? { keptWithoutProofs: kept } : {};
  const figures: Record<string, number> = {
    provedWriteSets: 0,
    provedEventRoots: 0,
    notKept: db.prepare('SELECT count(*) FROM captured_not_kept').pluck().get() as number,
  };
  const rows = db
    .prepare(
      `SELECT t.version, t.kind, t.hash, t.sender, t.sequence_number, t.nonce, t.max_gas_amount, t.gas_unit_price,
         t.timestamp_usec, d.expiration_timestamp_secs, d.payload, d.payload_bcs, d.signature, d.kind_fields,
         d.state_change_hash, d.event_root_hash, c.bcs
       FROM transaction_details d JOIN transactions t ON t.version = d.version
       LEFT JOIN captured_transactions c ON c.version = d.version ORDER BY d.version`,
    )
    .all() as KeptRow[];
  const writes = db.prepare(
    'SELECT state_key, value, op, metadata FROM captured_write_sets WHERE version = ? ORDER BY position',
  );
  const events = db.prepare(
    `SELECT event_index, address, creation_number, sequence_number, type_tag, data FROM events WHERE version = :v
     UNION ALL SELECT event_index, NULL, NULL, NULL, type_tag, data FROM module_events WHERE version = :v
     ORDER BY event_index`,
  );
  for (const row of rows) {
    const at = `version ${row.version}`;
    const transaction = transactionProblem(row, chainId);
    if (transaction === undefined) figures[KIND_FIGURES[row.kind]] = (figures[KIND_FIGURES[row.kind]] ?? 0) + 1;
    else problem(`${at}: ${transaction}`);

    const ops = writes.all(row.version) as {
      state_key: Uint8Array;
      value: Uint8Array | null;
      op: number | null;
      metadata: Uint8Array | null;
    }[];
    const blobs = (value: unknown): boolean => value === null || value instanceof Uint8Array;
    if (!ops.every((op) => op.state_key instanceof Uint8Array && blobs(op.value) && blobs(op.metadata))) {
      problem(`${at}: its captured write set holds a state key, value or metadata that is not a BLOB`);
      continue;
    }
    const entries: NodeWriteOp[] = ops.map((op) => ({
      stateKey: op.state_key,
      value: op.value,
      op: op.op ?? -1,
      metadata: op.metadata,
    }));
    const hash = nodeStateChangeHash(entries);
    if (typeof hash === 'string') problem(`${at}: its captured write set is not a write set (${hash})`);
    else if (!same(hash, row.state_change_hash))
      problem(
        `${at}: its captured write set does not hash to its state_change_hash ${bytesToHex(row.state_change_hash)}`,
      );
    else figures.provedWriteSets = (figures.provedWriteSets ?? 0) + 1;

    const hashed = (
      events.all({ v: row.version }) as {
        address: Uint8Array | null;
        creation_number: number | null;
        sequence_number: number | null;
        type_tag: string;
        data: Uint8Array;
      }[]
    ).map((event): LedgerEvent =>
      event.address === null
        ? { address: null, typeTag: event.type_tag, data: event.data }
        : {
            address: event.address,
            creationNumber: event.creation_number ?? 0,
            sequenceNumber: event.sequence_number ?? 0,
            typeTag: event.type_tag,
            data: event.data,
          },
    );
    if (hashed.every((event) => event.data instanceof Uint8Array) && same(eventRootHash(hashed), row.event_root_hash))
      figures.provedEventRoots = (figures.provedEventRoots ?? 0) + 1;
  }
  return figures;
}

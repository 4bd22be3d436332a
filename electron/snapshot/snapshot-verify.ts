/**
 * `snapshot verify`: SQLite's integrity check plus the format's invariants — contiguous versions
 * from 0 to the latest, blocks that tile them, every event's version committed (for a captured
 * snapshot instead: its one version, the transaction and block at it, no later event), every table
 * item's handle known, and every state value and event decoding with the ABIs as of its version.
 */
import { formatAddress } from '../../shared/address.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { decodeMoveValue } from '../../shared/move/decode.ts';
import { resolveLayout, type MoveLayout } from '../../shared/move/layout.ts';
import { parseTypeTag, formatStructTag, type StructTag } from '../../shared/type-tag.ts';
import type { SnapshotStore } from './snapshot-store.ts';
import { decodeStateKey } from './state-keys.ts';
import { assertNever } from '../../shared/assert-never.ts';
import { decodeResourceGroup } from '../../shared/resource-group.ts';
import { describeStateKey } from './stored-value-names.ts';
import { verifyStoredJson } from './verify-stored-json.ts';
import { verifyV2 } from './verify-v2.ts';
import { verifyIndexerTables } from '../indexer/verify-indexer.ts';
import { verifyCaptureProofs } from './verify-capture-proofs.ts';
import { verifyConservation } from './verify-conservation.ts';
import { NO_PROGRESS, type Progress } from './progress.ts';
import { INDEXER_FORMAT_VERSION } from './schema.ts';
import { startIndexerCheck } from './verify-thread.ts';

/** The outcome of a verification: figures checked and the problems found (at most `maxProblems`). */
export interface VerifyReport {
  readonly ok: boolean;
  readonly checked: Readonly<Record<string, number>>;
  readonly problems: readonly string[];
}

const MAX_PROBLEMS = 50;
/** State keys whose decoding verify remembers at once. */
const KEY_CACHE_LIMIT = 100_000;

/** Rows of `table`, for progress. */
const rowCount = (db: SnapshotStore['database'], table: string): number =>
  db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

/**
 * What a capture guarantees instead of full history: one version V that is both the oldest and the
 * latest, the transaction at V, a block covering V, and no event after V (the transactions it kept in full are
 * checked by verifyV2).
 */
function checkCapture(store: SnapshotStore, problem: (text: string) => void): void {
  const db = store.database;
  const { oldestVersion, latestVersion } = store.meta;
  if (oldestVersion !== latestVersion)
    problem(
      `a captured snapshot holds one version, but meta.oldest_version ${oldestVersion} ` +
        `differs from meta.latest_version ${latestVersion}`,
    );
  const at = Number(latestVersion);
  if (db.prepare('SELECT 1 FROM transactions WHERE version = ?').get(at) === undefined)
    problem(`captured version ${latestVersion} has no transaction`);
  if (db.prepare('SELECT 1 FROM blocks WHERE first_version <= ? AND last_version >= ?').get(at, at) === undefined)
    problem(`no block covers captured version ${latestVersion}`);
  const later = db.prepare('SELECT count(*) AS n FROM events WHERE version > ?').get(at) as { n: number };
  if (later.n > 0) problem(`${later.n} events are after captured version ${latestVersion}`);
}

/** Verifies an open snapshot, telling `progress` each check; never throws for a problem in the data, it reports it. */
export function verifySnapshot(store: SnapshotStore, progress: Progress = NO_PROGRESS): VerifyReport {
  try {
    return verifyWith(store, progress);
  } finally {
    progress.end();
  }
}

function verifyWith(store: SnapshotStore, progress: Progress): VerifyReport {
  const db = store.database;
  const problems: string[] = [];
  const problem = (text: string): void => {
    if (problems.length < MAX_PROBLEMS) problems.push(text);
  };
  const checked: Record<string, number> = {};

  // The indexer check (most of the work) runs on its own thread meanwhile, when it can (verify-thread.ts). It starts
  // before SQLite's integrity check, which this thread runs meanwhile (a second of one core at the sample's size that
  // the indexer check, verify's longest path, then need not wait for); a file that fails it ends verify, thread too.
  const indexerThread = store.meta.formatVersion >= INDEXER_FORMAT_VERSION ? startIndexerCheck(db.name) : undefined;
  try {
    progress.phase('verifying: SQLite integrity check');
    const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]?.integrity_check !== 'ok') {
      indexerThread?.cancel();
      for (const row of integrity.slice(0, 10)) problem(`sqlite integrity: ${row.integrity_check}`);
      return { ok: false, checked, problems };
    }
    verifyRest(store, problem, checked, progress);
  } catch (error) {
    indexerThread?.cancel();
    throw error;
  }
  if (indexerThread === undefined) Object.assign(checked, verifyIndexerTables(store, problem, progress));
  else {
    // This thread then takes its share of the indexer check's pieces (verify-thread.ts): both cores end together.
    const indexer = indexerThread.join(progress, store);
    for (const text of indexer.problems) problem(text);
    Object.assign(checked, indexer.checked);
  }
  return { ok: problems.length === 0, checked, problems };
}

/** The checks after SQLite's integrity check, but for the indexer tables'. */
function verifyRest(
  store: SnapshotStore,
  problem: (text: string) => void,
  checked: Record<string, number>,
  progress: Progress,
): void {
  const db = store.database;
  // A captured snapshot holds only the transactions, blocks and events it captured (no full history).
  const captured = store.origin() !== null;
  const versions = db
    .prepare('SELECT count(*) AS n, min(version) AS lo, max(version) AS hi FROM transactions')
    .get() as { n: number; lo: number | null; hi: number | null };
  checked.transactions = versions.n;
  if (captured) checkCapture(store, problem);
  if (
    !captured &&
    (versions.lo !== 0 || versions.hi !== Number(store.meta.latestVersion) || versions.n !== (versions.hi ?? -1) + 1)
  ) {
    problem(
      `versions are not contiguous from 0 to meta.latest_version ${store.meta.latestVersion}: ${versions.n} ` +
        `rows from ${versions.lo} to ${versions.hi}`,
    );
  }

  let expectedFirst = 0;
  let blocks = 0;
  for (const block of db
    .prepare('SELECT height, first_version, last_version FROM blocks ORDER BY height')
    .iterate() as Iterable<{ height: number; first_version: number; last_version: number }>) {
    if (captured) {
      blocks += 1;
      continue;
    }
    if (block.height !== blocks) problem(`block heights skip: expected ${blocks}, found ${block.height}`);
    if (block.first_version !== expectedFirst || block.last_version < block.first_version) {
      problem(
        `block ${block.height} covers ${block.first_version}..${block.last_version}, ` +
          `expected to start at ${expectedFirst}`,
      );
    }
    expectedFirst = block.last_version + 1;
    blocks += 1;
  }
  checked.blocks = blocks;
  if (!captured && expectedFirst !== Number(store.meta.latestVersion) + 1)
    problem(`blocks end at version ${expectedFirst - 1}, latest is ${store.meta.latestVersion}`);

  const orphanEvents = db
    .prepare(
      'SELECT count(*) AS n FROM events e WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.version = e.version)',
    )
    .get() as { n: number };
  if (!captured && orphanEvents.n > 0) problem(`${orphanEvents.n} events name a version with no transaction`);

  // Values are decoded with the ABIs in force at their own version (the store's module-set version).
  const layouts = new Map<string, MoveLayout>();
  const layoutOf = (typeText: string, version: bigint): MoveLayout => {
    const key = `${typeText}@${store.moduleSetVersion(version)}`;
    let layout = layouts.get(key);
    if (!layout) {
      layout = resolveLayout(parseTypeTag(typeText), store.abiLookup(version));
      layouts.set(key, layout);
    }
    return layout;
  };

  // Keys recur (every version of a key, the same few member types): decoded and formatted once each.
  const keys = new Map<string, ReturnType<typeof decodeStateKey>>();
  const decodeKey = (bytes: Uint8Array): ReturnType<typeof decodeStateKey> => {
    const id = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    let key = keys.get(id);
    if (!key) {
      key = decodeStateKey(bytes);
      if (keys.size >= KEY_CACHE_LIMIT) keys.clear();
      keys.set(id, key);
    }
    return key;
  };
  const structText = (tag: StructTag): string =>
    tag.typeArgs.length === 0 ? `${tag.address}::${tag.module}::${tag.name}` : formatStructTag(tag);
  const tables = new Map(store.listTables(undefined, 1_000_000).map((t) => [bytesToHex(t.handle), t]));
  let values = 0;
  progress.phase('verifying: decoding state values', rowCount(db, 'state_values'), 'values');
  for (const row of db.prepare('SELECT state_key, version, value FROM state_values').iterate() as Iterable<{
    state_key: Uint8Array;
    version: number;
    value: Uint8Array | null;
  }>) {
    values += 1;
    if (values % 1024 === 0) progress.update(values);
    if (!(row.state_key instanceof Uint8Array) || (row.value !== null && !(row.value instanceof Uint8Array))) {
      problem(`state value at version ${row.version}: state_key and value must be BLOBs`);
      continue;
    }
    // Built only for a problem: describing the key decodes it, which verify's hot loop need not pay for.
    const where = (): string => `state value of ${describeStateKey(row.state_key)} at version ${row.version}`;
    try {
      const key = decodeKey(row.state_key);
      const version = BigInt(row.version);
      switch (key.kind) {
        case 'table_item': {
          const table = tables.get(bytesToHex(row.state_key.subarray(1, 33)));
          if (!table) {
            problem(`${where()}: table handle ${key.handle} is not in table_info`);
            break;
          }
          decodeMoveValue(key.key, layoutOf(table.keyType, version));
          if (row.value) decodeMoveValue(row.value, layoutOf(table.valueType, version));
          break;
        }
        case 'module':
          if (row.value && !store.module(row.state_key.subarray(1, 33), key.name, version))
            problem(`${where()}: module ${key.address}::${key.name} has no ABI`);
          break;
        case 'resource':
          if (row.value) decodeMoveValue(row.value, layoutOf(structText(key.tag), version));
          break;
        case 'resource_group':
          if (store.meta.formatVersion === 1) problem(`${where()}: resource group keys are not part of format v1`);
          else if (row.value)
            for (const member of decodeResourceGroup(row.value))
              decodeMoveValue(member.bytes, layoutOf(structText(member.tag), version));
          break;
        default:
          assertNever(key);
      }
    } catch (error) {
      problem(`${where()}: ${(error as Error).message}`);
    }
  }
  progress.update(values);
  checked.stateValues = values;

  let events = 0;
  progress.phase('verifying: decoding events', rowCount(db, 'events'), 'events');
  for (const row of db
    .prepare('SELECT address, creation_number, sequence_number, version, type_tag, data FROM events')
    .iterate() as Iterable<{
    address: Uint8Array;
    creation_number: number;
    sequence_number: number;
    version: number;
    type_tag: string;
    data: Uint8Array;
  }>) {
    events += 1;
    if (events % 1024 === 0) progress.update(events);
    try {
      decodeMoveValue(row.data, layoutOf(row.type_tag, BigInt(row.version)));
    } catch (error) {
      const { message } = error as Error;
      problem(
        `event ${formatAddress(row.address)}/${row.creation_number}/${row.sequence_number} (${row.type_tag}) ` +
          `at version ${row.version}: ${message}`,
      );
    }
  }
  progress.update(events);
  checked.events = events;
  if (store.meta.formatVersion >= 2) {
    Object.assign(checked, verifyV2(db, store.meta.oldestVersion, captured, problem, store.meta.chainId, progress));
    checked.storedJson = verifyStoredJson(db, problem);
  }
  if (store.meta.formatVersion >= 2 && captured)
    Object.assign(checked, verifyCaptureProofs(db, store.meta.chainId, problem));
  if (store.meta.formatVersion >= 2 && !captured)
    Object.assign(
      checked,
      verifyConservation(db, store.meta.oldestVersion, store.meta.latestVersion, problem, progress),
    );
}

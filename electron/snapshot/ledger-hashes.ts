/**
 * The node's hashes that a snapshot can recompute from its own rows (docs/snapshot-format.md, "Hashes"):
 * a transaction's `state_change_hash` (of its write set), `event_root_hash` (the accumulator of its events) and the
 * event hash itself. Each is sha3-256 of the hasher's seed (sha3-256 of `APTOS::<Name>`) followed by the BCS bytes.
 * The writer stores them; `snapshot verify` recomputes them from the state rows and event rows of each version.
 */
import { createHash, hash } from 'node:crypto';
import { contractEventBcs, writeSetBcs, type LedgerEvent, type WriteSetEntry } from '../../shared/bcs/ledger-bcs.ts';

const seeds = new Map<string, Buffer>();

/** sha3-256(sha3-256("APTOS::" + name) ‖ bytes): the node's CryptoHasher for a type named `name`. */
export function aptosHash(name: string, ...parts: readonly Uint8Array[]): Uint8Array {
  let seed = seeds.get(name);
  if (!seed) {
    seed = createHash('sha3-256').update(`APTOS::${name}`).digest();
    seeds.set(name, seed);
  }
  // One-shot native hashing of one buffer: much cheaper than a Hash object per call (the generator hashes every
  // event, write set and transaction).
  return hash('sha3-256', Buffer.concat([seed, ...parts]), 'buffer');
}

/** The node's hash of an empty event list ("ACCUMULATOR_PLACEHOLDER_HASH" in ASCII, zero-padded). */
export const ACCUMULATOR_PLACEHOLDER_HASH = (() => {
  const bytes = new Uint8Array(32);
  bytes.set(new TextEncoder().encode('ACCUMULATOR_PLACEHOLDER_HASH'));
  return bytes;
})();

/**
 * The root of the accumulator over the events' hashes (`event_root_hash`): the placeholder for none, the event's hash
 * for one, else a binary tree whose internal nodes hash left ‖ right with the EventAccumulator hasher and whose
 * missing right subtrees are the placeholder.
 */
export function eventRootHash(events: readonly LedgerEvent[]): Uint8Array {
  if (events.length === 0) return ACCUMULATOR_PLACEHOLDER_HASH;
  let level = events.map((event) => aptosHash('ContractEvent', contractEventBcs(event)));
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] ?? ACCUMULATOR_PLACEHOLDER_HASH;
      const right = level[i + 1] ?? ACCUMULATOR_PLACEHOLDER_HASH;
      next.push(aptosHash('EventAccumulator', left, right));
    }
    level = next;
  }
  return level[0] ?? ACCUMULATOR_PLACEHOLDER_HASH;
}

/**
 * `state_change_hash`: the WriteSet hasher over BCS of `WriteSet::V0` (shared/bcs/ledger-bcs.ts, the same bytes the
 * read service sends).
 */
export function stateChangeHash(entries: readonly WriteSetEntry[]): Uint8Array {
  return aptosHash('WriteSet', writeSetBcs(entries));
}

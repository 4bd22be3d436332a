/**
 * What the writer remembers of the version being written (format v2): its state writes (a later write of the same
 * key in the version wins, as in a write set) and its events in emission order, so that the transaction's
 * `write_set_size`, `state_change_hash`, `event_count` and `event_root_hash` come from exactly the rows written.
 */
import type { LedgerEvent, WriteSetEntry } from '../../shared/bcs/ledger-bcs.ts';
import { eventRootHash, stateChangeHash } from './ledger-hashes.ts';

/** Figures of one version's write set and events, for its `transaction_details` row. */
export interface VersionFigures {
  readonly writeSetSize: number;
  readonly stateChangeHash: Uint8Array;
  readonly eventCount: number;
  readonly eventRootHash: Uint8Array;
}

/** How many keys' existence the tracker remembers (a few hot keys take most writes; the rest are asked for). */
const KNOWN_KEYS_LIMIT = 200_000;

/** Collects one version's writes and events; `existed` says whether a key had a value before a version. */
export class VersionTracker {
  readonly #existed: (stateKey: Uint8Array) => boolean;
  readonly #spill: (stateKey: Uint8Array, live: boolean) => void;
  #version = -1;
  #writes = new Map<string, { key: Uint8Array; value: Uint8Array | null }>();
  #events: LedgerEvent[] = [];
  /** Whether each remembered key has a value after the versions recorded so far (versions ascend). */
  readonly #known = new Map<string, boolean>();
  /** Whether `#known` was ever cleared: until then it holds every key written, so a key it lacks is new. */
  #forgot = false;

  /**
   * Keys the tracker stops remembering (when too many) are handed to `spill` with whether they have a value;
   * `existed` is asked about a written key it no longer remembers (what was spilled last for it, false if never).
   */
  constructor(existed: (stateKey: Uint8Array) => boolean, spill: (stateKey: Uint8Array, live: boolean) => void) {
    this.#existed = existed;
    this.#spill = spill;
  }

  /** Remembers the outcome of the current version's writes, then starts `version`. */
  #at(version: number): void {
    if (version !== this.#version) {
      this.#remember();
      this.#version = version;
      this.#writes = new Map();
      this.#events = [];
    }
  }

  #remember(): void {
    if (this.#known.size + this.#writes.size > KNOWN_KEYS_LIMIT) {
      for (const [id, live] of this.#known) this.#spill(Buffer.from(id, 'latin1'), live);
      this.#known.clear();
      this.#forgot = true;
    }
    for (const [id, { value }] of this.#writes) this.#known.set(id, value !== null);
  }

  /** Records a state write at `version`. */
  write(stateKey: Uint8Array, version: number, value: Uint8Array | null): void {
    this.#at(version);
    this.#writes.set(Buffer.from(stateKey).toString('latin1'), { key: stateKey, value });
  }

  /** Records an event emitted at `version` (in emission order). */
  event(version: number, event: LedgerEvent): void {
    this.#at(version);
    this.#events.push(event);
  }

  /** The figures of `version` (empty when nothing was recorded at it); forgets it. */
  take(version: number): VersionFigures {
    this.#at(version);
    const entries: WriteSetEntry[] = [...this.#writes].map(([id, { key, value }]) => ({
      stateKey: key,
      value,
      existed: this.#known.get(id) ?? (this.#forgot && this.#existed(key)),
    }));
    const figures = {
      writeSetSize: entries.length,
      stateChangeHash: stateChangeHash(entries),
      eventCount: this.#events.length,
      eventRootHash: eventRootHash(this.#events),
    };
    this.#remember();
    this.#writes = new Map();
    this.#events = [];
    this.#version = -1;
    return figures;
  }
}

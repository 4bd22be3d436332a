/**
 * The store against a brute-force replay of the generator's own write log: for random keys and
 * versions, "value as of V" must equal the newest logged write at or below V (a deletion = absent),
 * whatever pruning compaction and the SQL did in between.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../shared/hex.ts';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { accountKeyPrefix, decodeStateKey } from '../../electron/snapshot/state-keys.ts';
import { parseAddress } from '../../shared/address.ts';
import { useTempDir } from '../support/temp-dir.ts';

interface Write {
  readonly version: number;
  readonly value: Uint8Array | null;
}

const dir = useTempDir();
const log = new Map<string, Write[]>();
let store: SnapshotStore;

beforeAll(() => {
  const out = join(dir, 'replay.db');
  generateSnapshot({
    out,
    seed: 99,
    versions: 4_000,
    accounts: 60,
    coinStores: 0,
    observer: (key, version, value) => {
      const hex = bytesToHex(key);
      const writes = log.get(hex) ?? [];
      const last = writes.at(-1);
      // A second write of a key in one version replaces the first, as the store does.
      if (last && last.version === version) writes[writes.length - 1] = { version, value };
      else writes.push({ version, value });
      log.set(hex, writes);
    },
  });
  store = SnapshotStore.open(out);
});
afterAll(() => store.close());

function replay(keyHex: string, version: number): string | undefined {
  let found: Write | undefined;
  for (const write of log.get(keyHex) ?? []) if (write.version <= version) found = write;
  return found?.value ? bytesToHex(found.value) : undefined;
}

function hexOf(bytes: Uint8Array | undefined): string | undefined {
  return bytes ? bytesToHex(bytes) : undefined;
}

describe('snapshot store versus a replay of every write', () => {
  it('answers value-as-of-version like the replay, for random keys and retained versions', () => {
    const keys = [...log.keys()];
    const oldest = Number(store.meta.oldestVersion);
    const latest = Number(store.meta.latestVersion);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: keys.length - 1 }),
        fc.integer({ min: oldest, max: latest }),
        (index, version) => {
          const key = keys[index] ?? '';
          const keyBytes = Buffer.from(key.slice(2), 'hex');
          expect(hexOf(store.stateValue(keyBytes, BigInt(version)))).toBe(replay(key, version));
          const decoded = decodeStateKey(keyBytes);
          if (decoded.kind === 'resource') {
            expect(hexOf(store.resource(parseAddress(decoded.address), decoded.tag, BigInt(version)))).toBe(
              replay(key, version),
            );
          } else if (decoded.kind === 'table_item') {
            expect(hexOf(store.tableItem(parseAddress(decoded.handle), decoded.key, BigInt(version)))).toBe(
              replay(key, version),
            );
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("lists exactly the replay's live resources of an account at random versions, in state-key order", () => {
    const accounts = [
      ...new Set(
        [...log.keys()].flatMap((key) => {
          const decoded = decodeStateKey(Buffer.from(key.slice(2), 'hex'));
          return decoded.kind === 'resource' ? [decoded.address] : [];
        }),
      ),
    ];
    const oldest = Number(store.meta.oldestVersion);
    const latest = Number(store.meta.latestVersion);
    fc.assert(
      fc.property(fc.constantFrom(...accounts), fc.integer({ min: oldest, max: latest }), (address, version) => {
        const prefix = bytesToHex(accountKeyPrefix(parseAddress(address)));
        const expected = [...log.keys()]
          .filter(
            (key) => key.startsWith(prefix) && decodeStateKey(Buffer.from(key.slice(2), 'hex')).kind === 'resource',
          )
          .filter((key) => replay(key, version) !== undefined)
          .sort();
        const page = store.accountResources(parseAddress(address), BigInt(version), undefined, 9999);
        expect(page.resources.map((r) => bytesToHex(r.stateKey))).toEqual(expected);
        expect(page.resources.map((r) => bytesToHex(r.bytes))).toEqual(expected.map((key) => replay(key, version)));
        expect(page.nextCursor).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('pages an account with any limit into the same list, no duplicates and no gaps', () => {
    const address = parseAddress('0x1');
    const version = store.meta.latestVersion;
    const full = store.accountResources(address, version, undefined, 9999).resources.map((r) => bytesToHex(r.stateKey));
    expect(full.length).toBeGreaterThan(5);
    for (const limit of [1, 2, 3, 5]) {
      const walked: string[] = [];
      let cursor: Uint8Array | undefined;
      do {
        const page = store.accountResources(address, version, cursor, limit);
        expect(page.resources.length).toBeLessThanOrEqual(limit);
        walked.push(...page.resources.map((r) => bytesToHex(r.stateKey)));
        cursor = page.nextCursor;
      } while (cursor);
      expect(walked).toEqual(full);
    }
  });
});

/**
 * The indexer writer queues rows and inserts them many per statement: a current table's `_valid_to` chain must be
 * the same whether a key's previous row still waits in the queue or was inserted by an earlier statement.
 */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { IndexerTableWriter } from '../../electron/indexer/indexer-writer.ts';
import type { IndexerRows } from '../../electron/indexer/processors/processor-input.ts';

const address = (n: number): string => `0x${n.toString(16).padStart(64, '0')}`;

/** One `current_objects` row of object `n` written at `version`. */
const objectRow = (n: number, version: number) => ({
  object_address: address(n),
  owner_address: address(1000 + n),
  state_key_hash: address(2000 + n),
  allow_ungated_transfer: version % 2 === 0,
  last_guid_creation_num: String(version),
  last_transaction_version: BigInt(version),
  is_deleted: false,
});

describe('IndexerTableWriter', () => {
  it('chains each key’s rows (`_valid_to` = its next row’s version) across statements, in derivation order', () => {
    const db = new Database(':memory:');
    const writer = new IndexerTableWriter(db);
    db.exec('BEGIN');
    // Object 0 written at every version, seven others in turn: a key's next row lands within the same statement,
    // in the next one (about 128 rows per statement) and several statements later.
    const expected: { object: number; version: number }[] = [];
    for (let version = 1; version <= 700; version++) {
      const batch: IndexerRows = new Map([
        ['current_objects', [objectRow(0, version), objectRow(1 + (version % 7), version)]],
      ]);
      // A third key seen only twice, far apart (its first row inserted long before the second).
      if (version === 3 || version === 650) batch.get('current_objects')?.push(objectRow(99, version));
      for (const row of batch.get('current_objects') ?? [])
        expected.push({ object: Number(BigInt(String(row['object_address']))), version });
      writer.write(batch);
    }
    writer.finish();
    db.exec('COMMIT');
    const rows = db
      .prepare('SELECT object_address, last_transaction_version, _valid_to FROM ix_current_objects ORDER BY rowid')
      .all() as { object_address: string; last_transaction_version: number; _valid_to: number | null }[];
    expect(
      rows.map((r) => ({ object: Number(BigInt(r.object_address)), version: r.last_transaction_version })),
    ).toEqual(expected);
    const next = new Map<number, number | null>();
    const want = expected
      .toReversed()
      .map(({ object, version }) => {
        const validTo = next.get(object) ?? null;
        next.set(object, version);
        return validTo;
      })
      .toReversed();
    expect(rows.map((r) => r._valid_to)).toEqual(want);
    expect(rows.filter((r) => Number(BigInt(r.object_address)) === 99).map((r) => r._valid_to)).toEqual([650, null]);
    expect(writer.counts['current_objects']).toBe(expected.length);
    db.close();
  });
});

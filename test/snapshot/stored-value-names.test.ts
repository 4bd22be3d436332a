/**
 * A bad stored value is named wherever it is found: `snapshot info` (one line: the file, the resource by type and
 * account, the version) and `snapshot verify` (each problem: the resource, table item or event stream, and the
 * version), in copies of the small fixture edited with SQL.
 */
import { describe, expect, it } from 'vitest';
import { runCliProcess } from '../support/run-cli.ts';
import { useEditedCopies } from './edited-copies.ts';
import type Database from 'better-sqlite3';

const { editedCopy } = useEditedCopies('stored-value-names-');
const ONE_PREFIX = Buffer.concat([Buffer.from([0]), Buffer.alloc(31), Buffer.from([1])]);

/** Truncates the newest value of 0x1's `0x1::timestamp::CurrentTimeMicroseconds` (a sampled account's resource). */
const breakTimestamp = (db: Database.Database): void => {
  const rows = db
    .prepare(
      `SELECT state_key, version FROM state_values WHERE value IS NOT NULL AND substr(state_key, 1, 33) = ?
       ORDER BY version DESC`,
    )
    .all(ONE_PREFIX) as { state_key: Buffer; version: number }[];
  const row = rows.find((r) => r.state_key.includes('CurrentTimeMicroseconds'));
  if (row === undefined) throw new Error('no timestamp resource in the fixture');
  db.prepare(`UPDATE state_values SET value = X'0102' WHERE state_key = ? AND version = ?`).run(
    row.state_key,
    row.version,
  );
};

describe('a bad stored value is named', () => {
  it('by snapshot info: the file, the resource and the version', () => {
    const path = editedCopy(breakTimestamp);
    const run = runCliProcess(['snapshot', 'info', path]);
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `${path.replaceAll('.', '\\.')}: resource 0x1::timestamp::CurrentTimeMicroseconds of 0x1 as of version \\d+: ` +
          'BCS: at byte 0: expected u64',
      ),
    );
  });

  it('by snapshot verify: the resource, the table item, the event stream, each with its version', () => {
    const path = editedCopy((db) => {
      breakTimestamp(db);
      db.exec(
        `UPDATE state_values SET value = X'05' WHERE (state_key, version) IN (SELECT state_key, version FROM
         state_values WHERE value IS NOT NULL AND substr(state_key, 1, 1) = X'01' ORDER BY version DESC LIMIT 1)`,
      );
      db.exec(
        `UPDATE events SET data = X'05' WHERE (address, creation_number, sequence_number) IN (SELECT address,
         creation_number, sequence_number FROM events ORDER BY version DESC LIMIT 1)`,
      );
    });
    const run = runCliProcess(['snapshot', 'verify', path]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`FAILED: ${path}`);
    expect(run.stdout).toMatch(
      /state value of resource 0x1::timestamp::CurrentTimeMicroseconds of 0x1 at version \d+: BCS: at byte 0/,
    );
    expect(run.stdout).toMatch(/state value of table item 0x[0-9a-f]+ of table 0x[0-9a-f]+ at version \d+: BCS/);
    expect(run.stdout).toMatch(/event 0x[0-9a-f]+\/\d+\/\d+ \(0x1::[\w:<>, ]+\) at version \d+: BCS/);
  });
});

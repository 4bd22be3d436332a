/**
 * Damaged and foreign files give one line naming the file and the problem, never SQLite's or V8's
 * internals, and reading creates nothing beside the file: a WAL-mode file is refused before SQLite
 * opens it (it would create `-wal`/`-shm` companions) and `verify` reports it; out-of-range or
 * dangling meta versions and missing tables are refused at open (not served as 503s later); a value
 * stored with the wrong SQLite type is reported as such.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { StoredTypeError } from '../../electron/snapshot/stored-blob.ts';
import { runCliProcess } from '../support/run-cli.ts';
import { openError, setMeta, useEditedCopies } from './edited-copies.ts';

const { root, editedCopy } = useEditedCopies('open-hardening-');

function expectCliLine(args: readonly string[], mention: RegExp): string {
  const run = runCliProcess(args);
  expect(run.status).toBe(1);
  const lines = run.stderr.trim().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(mention);
  expect(run.stderr).not.toMatch(/DataView|\n\s+at |bound .* too big/);
  return lines[0]!;
}

describe('reading creates nothing', () => {
  it('refuses a WAL-mode file before SQLite opens it, creating no -wal/-shm files; verify reports it', () => {
    const path = editedCopy((db) => db.pragma('journal_mode = WAL'));
    const folder = join(path, '..');
    expect(readdirSync(folder)).toEqual(['snapshot.db']);
    const bytes = readFileSync(path);
    // The header's user_version is the format version (the fixture's own, whichever the generator writes).
    const format = bytes.readUInt32BE(60);
    expect(format).toBeGreaterThan(1);
    expect(openError(path)).toContain(
      `snapshot.db: uses SQLite's WAL journal mode, but format v${format} requires the DELETE journal mode`,
    );
    // The version named is the file's own (the header's user_version), not a fixed one.
    const unknown = editedCopy((db) => {
      db.pragma('user_version = 7');
      db.pragma('journal_mode = WAL');
    });
    expect(openError(unknown)).toMatch(/WAL journal mode, but a ledger snapshot requires the DELETE journal mode/);
    expectCliLine(['snapshot', 'verify', path], /WAL journal mode/);
    expectCliLine(['snapshot', 'info', path], /WAL journal mode/);
    expect(readdirSync(folder)).toEqual(['snapshot.db']);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it('reads a DELETE-mode file without creating anything beside it', () => {
    const path = editedCopy(() => undefined);
    const store = SnapshotStore.open(path);
    store.resource(parseAddress('0x1'), parseStructTag('0x1::account::Account'), store.meta.latestVersion);
    store.close();
    expect(readdirSync(join(path, '..'))).toEqual(['snapshot.db']);
  });
});

describe('meta and tables are checked at open', () => {
  it('refuses versions out of SQLite range or naming no transaction', () => {
    expect(openError(editedCopy(setMeta('latest_version', '99999999999999999999')))).toMatch(
      /meta\.latest_version 99999999999999999999 is out of range/,
    );
    expect(openError(editedCopy(setMeta('oldest_version', '18446744073709551615')))).toMatch(
      /meta\.oldest_version .* is out of range/,
    );
    expect(openError(editedCopy(setMeta('latest_version', '999999999')))).toMatch(
      /meta\.latest_version 999999999 names no transaction/,
    );
  });

  it('refuses node settings out of range, naming the field', () => {
    expect(openError(editedCopy(setMeta('node_settings', '{"eventsMaxLimit": 1e30}')))).toMatch(
      /eventsMaxLimit must be an integer/,
    );
    expect(
      openError(editedCopy(setMeta('node_settings', '{"gasEstimation": {"fullBlockTxns": 99999999999999999999}}'))),
    ).toMatch(/fullBlockTxns must be an integer/);
  });

  it('refuses a file with a table missing, naming it', () => {
    const path = editedCopy((db) => db.exec('DROP TABLE events'));
    expect(openError(path)).toMatch(/snapshot\.db: not a complete ledger snapshot \(missing table events\)/);
    expectCliLine(['snapshot', 'info', path], /missing table events/);
  });

  it('names a folder given as a file', () => {
    expect(openError(root)).toMatch(/is a folder, not a snapshot file/);
  });
});

describe('damaged content', () => {
  it('a state value stored as TEXT is reported as such, in the store and over the service (500)', async () => {
    const tag = parseStructTag('0x1::account::Account');
    const path = editedCopy((db) => {
      db.exec(
        `UPDATE state_values SET value = CAST(hex(value) AS TEXT)
         WHERE substr(state_key, 1, 1) = x'00' AND value IS NOT NULL`,
      );
    });
    const store = SnapshotStore.open(path);
    try {
      expect(() => store.resource(parseAddress('0x1'), tag, store.meta.latestVersion)).toThrow(StoredTypeError);
      expect(() => store.resource(parseAddress('0x1'), tag, store.meta.latestVersion)).toThrow(
        /snapshot\.db: the state value of 0x[0-9a-f]+ as of version \d+ is stored as TEXT, not as bytes/,
      );
      const service = createReadService({ store, responseCache: false });
      const response = await service(new Request('http://127.0.0.1/v1/accounts/0x1/resource/0x1::account::Account'));
      expect(response.status).toBe(500);
      const record = (await response.json()) as { message: string; error_code: string };
      expect(record.error_code).toBe('internal_error');
      expect(record.message).toMatch(/is stored as TEXT, not as bytes/);
      expect(record.message).not.toMatch(/DataView/);
    } finally {
      store.close();
    }
  });

  it('a damaged page found while reading names the file', () => {
    const path = editedCopy(() => undefined);
    const bytes = readFileSync(path);
    const pageSize = bytes.readUInt16BE(16) === 1 ? 65536 : bytes.readUInt16BE(16);
    // Overwrite every page but the first (schema and meta stay readable) with garbage.
    for (let offset = pageSize * 8; offset < bytes.length; offset += 1) bytes[offset] = (offset * 7919) & 0xff;
    writeFileSync(path, bytes);
    const line = expectCliLine(['snapshot', 'info', path], /snapshot\.db: /);
    expect(line).toMatch(/damaged|malformed|not a readable ledger snapshot/);
    expect(line).toContain(path);
  });
});

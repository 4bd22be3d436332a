/**
 * `ledger-explorer snapshot generate|info|verify` as a user runs them: determinism across runs,
 * the info document's shape, the Debian sqlite3 command's integrity check, and one-line errors
 * (no stack trace) for missing, truncated, random and foreign files.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../support/fixture-path.ts';
import { runCliProcess } from '../support/run-cli.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir();
const decimal = /^\d+$/;

function expectOneLineError(args: readonly string[], mention: RegExp): void {
  const run = runCliProcess(args);
  expect(run.status).toBe(1);
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^ledger-explorer: /);
  expect(lines[0]).toMatch(mention);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe('snapshot generate and info', () => {
  it('gives identical info and content digest for the same seed, and a different digest for another seed', () => {
    const runs = ['a', 'b', 'c'].map((name, i) => {
      const out = join(dir, `${name}.db`);
      const generated = runCliProcess([
        'snapshot',
        'generate',
        '--out',
        out,
        '--seed',
        i < 2 ? '5' : '6',
        '--versions',
        '2500',
        '--accounts',
        '30',
      ]);
      expect(generated.status, generated.stderr).toBe(0);
      const info = runCliProcess(['snapshot', 'info', out, '--json', '--digest']);
      expect(info.status, info.stderr).toBe(0);
      return JSON.parse(info.stdout) as { contentDigest: string };
    });
    expect(runs[0]).toEqual(runs[1]);
    expect(runs[0]?.contentDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(runs[2]?.contentDigest).not.toBe(runs[0]?.contentDigest);
  });

  it('prints the info document with the agreed members and types', () => {
    const run = runCliProcess(['snapshot', 'info', fixturePath('main'), '--json']);
    expect(run.status, run.stderr).toBe(0);
    const info = JSON.parse(run.stdout);
    expect(info.chainId).toBe(4);
    for (const key of ['oldestVersion', 'latestVersion', 'epoch', 'blockHeight']) expect(info[key]).toMatch(decimal);
    expect(info.latestVersion).toBe('19999');
    expect(BigInt(info.oldestVersion)).toBeGreaterThan(0n);
    expect(Number(info.epoch)).toBeGreaterThanOrEqual(3);
    expect(info.samples.accounts).toContain('0x1');
    for (const address of info.samples.accounts) expect(address).toMatch(/^0x(0|[1-9a-f][0-9a-f]{0,63})$/);
    for (const stream of info.samples.eventStreams) {
      expect(Object.keys(stream).sort()).toEqual(['address', 'count', 'creationNumber', 'field', 'struct']);
      expect(stream.creationNumber).toMatch(decimal);
      expect(stream.count).toMatch(decimal);
    }
    expect(info.samples.eventStreams).toContainEqual(
      expect.objectContaining({ address: '0x1', struct: '0x1::block::BlockResource', field: 'new_block_events' }),
    );
    const keyTypes = info.samples.tables.map((t: { keyType: string }) => t.keyType).sort();
    expect(keyTypes).toEqual([
      '0x1::string::String',
      '0x1::type_info::TypeInfo',
      '0xcafe::registry::SlotKey',
      'address',
      'u64',
      'vector<u8>',
    ]);
    for (const table of info.samples.tables) {
      expect(table.keys.length).toBeGreaterThan(0);
      expect(table.rawKeys).toHaveLength(table.keys.length);
      for (const raw of table.rawKeys) expect(raw).toMatch(/^0x([0-9a-f]{2})+$/);
    }
    for (const sender of info.samples.senders) expect(sender.transactions).toMatch(decimal);
  });

  it('writes a file the Debian sqlite3 command checks as ok', () => {
    const output = execFileSync('sqlite3', [fixturePath('small'), 'PRAGMA integrity_check;'], { encoding: 'utf8' });
    expect(output.trim()).toBe('ok');
  });

  it('refuses bad generate options with one line', () => {
    expectOneLineError(['snapshot', 'generate', '--out', join(dir, 'x.db'), '--versions', '10'], /--versions/);
    expectOneLineError(['snapshot', 'generate', '--out', join(dir, 'x.db'), '--seed', 'abc'], /--seed/);
    expectOneLineError(['snapshot', 'generate'], /--out/);
  });
});

describe('snapshot verify', () => {
  // That it passes a generated snapshot is checked by test/snapshot/progress.test.ts, on the same fixture.
  it('reports broken invariants and exits non-zero', () => {
    const broken = join(dir, 'broken.db');
    copyFileSync(fixturePath('small'), broken);
    const db = new Database(broken);
    db.prepare('DELETE FROM transactions WHERE version = 100').run();
    const resourceKey = db
      .prepare(
        `SELECT state_key, version FROM state_values
         WHERE substr(state_key, 1, 1) = x'00' AND value IS NOT NULL AND length(value) > 8 LIMIT 1 OFFSET 50`,
      )
      .get() as { state_key: Buffer; version: number };
    db.prepare("UPDATE state_values SET value = x'0102' WHERE state_key = ? AND version = ?").run(
      resourceKey.state_key,
      resourceKey.version,
    );
    const unknownHandleKey = Buffer.concat([Buffer.from([1]), Buffer.alloc(31), Buffer.from([7, 1, 0])]);
    db.prepare('INSERT INTO state_values (state_key, version, value) VALUES (?, 5, ?)').run(
      unknownHandleKey,
      Buffer.from([0]),
    );
    db.close();
    const run = runCliProcess(['snapshot', 'verify', broken]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^FAILED/);
    expect(run.stdout).toMatch(/not contiguous/);
    expect(run.stdout).toMatch(/events name a version with no transaction/);
    expect(run.stdout).toMatch(/is not in table_info/);
    expect(run.stdout).toMatch(new RegExp(`at version ${resourceKey.version}: `));
  });
});

describe('bad files give one clear line and a non-zero exit', () => {
  const truncated = join(dir, 'truncated.db');
  const random = join(dir, 'random.db');
  const foreign = join(dir, 'foreign.db');
  const bytes = readFileSync(fixturePath('small'));
  writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
  writeFileSync(random, Buffer.from(Array.from({ length: 65_536 }, (_, i) => (i * 7919 + 13) & 0xff)));
  const db = new Database(foreign);
  db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('hello')");
  db.close();

  for (const command of ['info', 'verify']) {
    it(`${command}: missing, truncated, random and foreign files`, () => {
      expectOneLineError(['snapshot', command, join(dir, 'missing.db')], /no such file/);
      expectOneLineError(['snapshot', command, truncated], /truncated/);
      expectOneLineError(['snapshot', command, random], /not a (readable )?ledger snapshot|cannot open/);
      expectOneLineError(['snapshot', command, foreign], /not a ledger snapshot/);
    });
  }
});

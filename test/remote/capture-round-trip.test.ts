/**
 * Capture round trip: a generated snapshot is served over HTTP, `ledger-explorer snapshot capture`
 * (a real process, reading through the remote source) saves some accounts and table items, and the
 * captured file — valid by `snapshot verify`, with its origin recorded — is served in turn: every
 * captured read answers byte for byte as the original did, JSON and BCS.
 */
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { META_KEYS } from '../../electron/snapshot/schema.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { verifySnapshot } from '../../electron/snapshot/snapshot-verify.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { runCliAsync } from './serve-process.ts';

const dir = useTempDir();
const out = join(dir, 'capture.db');
let original: SnapshotStore;
let info: SnapshotInfo;
let originalServer: RunningHttpServer;
let captured: SnapshotStore;
let capturedServer: RunningHttpServer;
let accounts: string[];
let capture: { status: number | null; stdout: string; stderr: string };

beforeAll(async () => {
  original = SnapshotStore.open(fixturePath('small'));
  info = snapshotInfo(original, 5);
  originalServer = await startHttpServer({ handler: createReadService({ store: original }), port: 0 });
  accounts = [
    ...new Set([
      ...info.samples.accounts.slice(0, 4),
      ...info.samples.eventStreams.map((s) => s.address),
      ...info.samples.senders.slice(0, 2).map((s) => s.address),
    ]),
  ];
  const tables = info.samples.tables.flatMap((table) =>
    table.keys
      .slice(0, 3)
      .map((key) => ['--table', `${table.handle}:${table.keyType}:${table.valueType}:${JSON.stringify(key)}`]),
  );
  capture = await runCliAsync([
    'snapshot',
    'capture',
    '--remote',
    `${originalServer.url}/v1`,
    ...accounts.flatMap((a) => ['--account', a]),
    ...tables.flat(),
    '--out',
    out,
  ]);
  captured = SnapshotStore.open(out);
  capturedServer = await startHttpServer({ handler: createReadService({ store: captured }), port: 0 });
});

afterAll(async () => {
  await capturedServer?.close();
  await originalServer?.close();
  captured?.close();
  original?.close();
});

interface Answer {
  readonly status: number;
  readonly type: string | null;
  readonly body: string;
}

async function answerOf(server: RunningHttpServer, path: string, accept: string, body?: unknown): Promise<Answer> {
  const init: RequestInit =
    body === undefined
      ? { headers: { accept } }
      : { method: 'POST', body: JSON.stringify(body), headers: { accept, 'content-type': 'application/json' } };
  const response = await fetch(`${server.url}${path}`, init);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()).toString('hex'),
  };
}

/** The same request to both servers, JSON and BCS: equal status, type and bytes (and 200). */
async function expectSame(path: string, body?: unknown): Promise<void> {
  for (const accept of ['application/json', 'application/x-bcs']) {
    const before = await answerOf(originalServer, path, accept, body);
    expect(before.status, `${path} ${accept} on the original`).toBe(200);
    expect(await answerOf(capturedServer, path, accept, body), `${path} ${accept}`).toEqual(before);
  }
}

describe('snapshot capture round trip', () => {
  it('writes a valid snapshot with its origin, reporting progress', () => {
    expect(capture.status, capture.stderr).toBe(0);
    expect(capture.stdout).toMatch(/^wrote .*capture\.db: \d+ accounts, \d+ resources/);
    expect(capture.stderr).toContain(
      `capturing ${accounts.length} account(s) from ${originalServer.url}/v1 at version ${info.latestVersion}`,
    );
    const report = verifySnapshot(captured);
    expect(report.problems).toEqual([]);
    expect(captured.origin()).toEqual({
      node_url: `${originalServer.url}/v1`,
      chain_id: info.chainId,
      ledger_version: info.latestVersion,
      captured_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(original.origin()).toBeNull();
    expect(readdirSync(dir).filter((name) => name.includes('partial'))).toEqual([]);
  });

  it('answers account reads as the original: account, resources, each resource, modules, summaries', async () => {
    const at = `ledger_version=${info.latestVersion}`;
    for (const account of accounts) {
      await expectSame(`/v1/accounts/${account}`);
      await expectSame(`/v1/accounts/${account}/resources`);
      await expectSame(`/v1/accounts/${account}/resources?${at}&limit=3`);
      const resources = (await (await fetch(`${originalServer.url}/v1/accounts/${account}/resources`)).json()) as {
        type: string;
      }[];
      for (const resource of resources)
        await expectSame(`/v1/accounts/${account}/resource/${encodeURIComponent(resource.type)}?${at}`);
      await expectSame(`/v1/accounts/${account}/modules?${at}`);
      const modules = (await (await fetch(`${originalServer.url}/v1/accounts/${account}/modules`)).json()) as {
        abi: { name: string };
      }[];
      for (const module of modules.slice(0, 5)) await expectSame(`/v1/accounts/${account}/module/${module.abi.name}`);
      await expectSame(`/v1/accounts/${account}/transaction_summaries`);
      await expectSame(`/v1/accounts/${account}/transaction_summaries?start_version=0&limit=100`);
    }
  });

  it('answers the events of the captured handles as the original, by creation number and by handle', async () => {
    for (const stream of info.samples.eventStreams) {
      await expectSame(`/v1/accounts/${stream.address}/events/${stream.creationNumber}`);
      await expectSame(`/v1/accounts/${stream.address}/events/${stream.creationNumber}?start=0&limit=100`);
      await expectSame(
        `/v1/accounts/${stream.address}/events/${encodeURIComponent(stream.struct)}/${stream.field}?limit=7`,
      );
    }
    expect(
      Number((captured.database.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n),
    ).toBeGreaterThan(0);
  });

  it('answers table items as the original, and describes the tables the resources hold as it did', async () => {
    for (const table of info.samples.tables) {
      for (const key of table.keys.slice(0, 3)) {
        await expectSame(`/v1/tables/${table.handle}/item?ledger_version=${info.latestVersion}`, {
          key_type: table.keyType,
          value_type: table.valueType,
          key,
        });
      }
      await expectSame(`/explorer/v1/tables/${table.handle}`);
    }
    // The sample application's account holds every table of the fixture.
    await expectSame('/explorer/v1/tables');
  });

  it('older versions are pruned in the capture, and the ledger is the captured block', async () => {
    const older = BigInt(info.latestVersion) - 1n;
    const response = await fetch(`${capturedServer.url}/v1/accounts/0x1/resources?ledger_version=${older}`);
    expect(response.status).toBe(410);
    const ledger = (await (await fetch(`${capturedServer.url}/v1`)).json()) as Record<string, unknown>;
    expect(ledger).toEqual(
      expect.objectContaining({
        chain_id: info.chainId,
        ledger_version: info.latestVersion,
        oldest_ledger_version: info.latestVersion,
        block_height: info.blockHeight,
        epoch: info.epoch,
        ledger_timestamp: info.ledgerTimestampUsec,
      }),
    );
  });

  it('verify checks what a capture guarantees: one version, a block covering it, no later event', () => {
    const tampered = join(dir, 'tampered.db');
    copyFileSync(out, tampered);
    const db = new Database(tampered);
    const at = Number(info.latestVersion);
    // A second transaction, so the changed meta.oldest_version still names one (opening checks that, and the one at V).
    db.prepare(
      `INSERT INTO transactions
       SELECT version - 1, block_height, hash, kind, sender, sequence_number, nonce, entry_function,
              gas_unit_price, max_gas_amount, gas_used, success, timestamp_usec
       FROM transactions WHERE version = ?`,
    ).run(at);
    db.prepare('DELETE FROM blocks WHERE first_version <= ? AND last_version >= ?').run(at, at);
    db.prepare(
      `INSERT INTO events SELECT address, creation_number, sequence_number + 1000000, ?, event_index, type_tag, data
       FROM events LIMIT 1`,
    ).run(at + 1);
    db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(String(at - 1), META_KEYS.oldestVersion);
    db.close();
    const store = SnapshotStore.open(tampered);
    try {
      const report = verifySnapshot(store);
      expect(report.ok).toBe(false);
      expect(report.problems.slice(0, 3)).toEqual([
        'a captured snapshot holds one version, but ' +
          `meta.oldest_version ${at - 1} differs from meta.latest_version ${at}`,
        `no block covers captured version ${at}`,
        `1 events are after captured version ${at}`,
      ]);
      // The indexer tables, derived again from the edited rows (a block removed), may differ too: only they may.
      expect(report.problems.slice(3).every((line) => line.startsWith('indexer table '))).toBe(true);
    } finally {
      store.close();
    }
  });

  it('refuses to replace an existing file and leaves nothing when the capture fails', async () => {
    const again = await runCliAsync([
      'snapshot',
      'capture',
      '--remote',
      `${originalServer.url}/v1`,
      '--account',
      '0x1',
      '--out',
      out,
    ]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');
    const failed = join(dir, 'failed.db');
    const pruned = await runCliAsync([
      'snapshot',
      'capture',
      '--remote',
      `${originalServer.url}/v1`,
      '--account',
      '0x1',
      '--version',
      '0',
      '--out',
      failed,
    ]);
    expect(pruned.status).toBe(1);
    expect(pruned.stderr.trim()).toMatch(/^ledger-explorer: Ledger version\(0\) has been pruned/);
    expect(existsSync(failed)).toBe(false);
  });
});

/**
 * A capture keeps the transactions of its captured window in full (docs/remote.md, "The captured window"): the
 * generated sample is served over HTTP, captured through a fetch-style source (as the remote source and the capture
 * route do), and the captured file, served in turn, answers `/v1/transactions/by_version/{v}` and `/by_hash/{h}` of
 * every kept transaction byte for byte as the source did — below its oldest version too — while every other older
 * version stays 410. `snapshot verify` checks the kept transactions (events hash to the node's `event_root_hash`,
 * write sets count what they record). A source that answers 410 for some versions (pruned history) does not stop the
 * capture: those stay summaries and the progress says so.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { captureLedger } from '../../electron/snapshot/capture/capture-ledger.ts';
import type { CaptureSource } from '../../electron/snapshot/capture/capture-types.ts';
import { writeCapture } from '../../electron/snapshot/capture/write-capture.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { verifySnapshot } from '../../electron/snapshot/snapshot-verify.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir('capture-transactions-');
let original: SnapshotStore;
let info: SnapshotInfo;
let originalServer: RunningHttpServer;
let accounts: string[];

beforeAll(async () => {
  original = SnapshotStore.open(fixturePath('small'));
  info = snapshotInfo(original, 5);
  originalServer = await startHttpServer({ handler: createReadService({ store: original }), port: 0 });
  accounts = [
    ...new Set([...info.samples.senders.slice(0, 3).map((s) => s.address), ...info.samples.accounts.slice(0, 2)]),
  ];
});

afterAll(async () => {
  await originalServer?.close();
  original?.close();
});

/** A source over the original server; `refuse(path)` may answer instead (a status and an error record). */
function sourceOf(refuse?: (path: string) => number | undefined): CaptureSource {
  const baseUrl = `${originalServer.url}/v1`;
  return {
    baseUrl,
    nodeUrl: baseUrl,
    fetch: async (request) => {
      const status = refuse?.(new URL(request.url).pathname);
      if (status === undefined) return fetch(request);
      const record = { message: 'Ledger version has been pruned', error_code: 'version_pruned', vm_error_code: null };
      return new Response(JSON.stringify(record), { status, headers: { 'content-type': 'application/json' } });
    },
  };
}

/** Captures `accounts` into a new file; returns it opened and served, with the progress lines. */
async function captureAndServe(
  name: string,
  source: CaptureSource,
  options: { maxTransactions?: number } = {},
): Promise<{ store: SnapshotStore; server: RunningHttpServer; lines: string[] }> {
  const lines: string[] = [];
  const data = await captureLedger(source, { accounts, onProgress: (line) => lines.push(line), ...options });
  const path = join(dir, name);
  writeCapture(data, path);
  const store = SnapshotStore.open(path);
  const server = await startHttpServer({ handler: createReadService({ store }), port: 0 });
  return { store, server, lines };
}

const keptVersions = (store: SnapshotStore): bigint[] =>
  (store.database.prepare('SELECT version FROM transaction_details ORDER BY version').pluck().all() as number[]).map(
    BigInt,
  );

/** The reason the capture recorded for not keeping `version` in full. */
const notKeptReason = (store: SnapshotStore, version: bigint): string | undefined =>
  store.database.prepare('SELECT reason FROM captured_not_kept WHERE version = ?').pluck().get(version) as
    string | undefined;

async function answer(server: RunningHttpServer, path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${server.url}${path}`, { headers: { accept: 'application/json' } });
  return { status: response.status, body: await response.text() };
}

describe('a capture keeps the transactions of its captured window', () => {
  it('answers each kept transaction by version and by hash as the source did; others below V are 410', async () => {
    const { store, server, lines } = await captureAndServe('window.db', sourceOf());
    try {
      const latest = BigInt(info.latestVersion);
      const kept = keptVersions(store);
      // Older transactions of the captured accounts and of the captured events. The generated sample derives the
      // hash of V's block epilogue from its seed (docs/api.md, deviation 8): V proves nothing, so it stays a summary.
      expect(kept).not.toContain(latest);
      expect(notKeptReason(store, latest)).toMatch(/^the node's BCS of it: its transaction bytes do not hash to/);
      expect(kept.filter((v) => v < latest).length).toBeGreaterThan(10);
      expect(lines.some((line) => /transactions of the window \d+\.\.\d+: \d+ kept in full/.test(line))).toBe(true);
      let withChanges = 0;
      let withModuleEvents = 0;
      for (const version of kept) {
        const before = await answer(originalServer, `/v1/transactions/by_version/${version}`);
        expect(before.status).toBe(200);
        const after = await answer(server, `/v1/transactions/by_version/${version}`);
        expect(after, `version ${version}`).toEqual(before);
        const json = JSON.parse(before.body) as { hash: string; changes: unknown[]; events?: { guid: unknown }[] };
        if (json.changes.length > 0) withChanges += 1;
        if ((json.events ?? []).some((e) => JSON.stringify(e.guid).includes('"0x0"'))) withModuleEvents += 1;
        expect(await answer(server, `/v1/transactions/by_hash/${json.hash}`)).toEqual(
          await answer(originalServer, `/v1/transactions/by_hash/${json.hash}`),
        );
      }
      expect(withChanges).toBeGreaterThan(10);
      expect(withModuleEvents).toBeGreaterThan(0);
      // A version below V that was not kept is pruned, as every older version of a capture.
      const notKept = [...Array(200).keys()].map((i) => latest - 1n - BigInt(i)).find((v) => !kept.includes(v));
      expect(notKept).toBeDefined();
      expect((await answer(server, `/v1/transactions/by_version/${notKept}`)).status).toBe(410);
      // State reads below V stay pruned: the kept write sets are history, not state.
      expect((await answer(server, `/v1/accounts/0x1/resources?ledger_version=${kept[0]}`)).status).toBe(410);
      expect(verifySnapshot(store).problems).toEqual([]);
      // verify recomputes the kept events' hash: a changed byte is found.
      const tampered = join(dir, 'tampered.db');
      await store.database.backup(tampered);
      const db = new Database(tampered);
      const changed = db
        .prepare(
          "UPDATE module_events SET data = data || x'00' WHERE version = (SELECT min(version) FROM module_events)",
        )
        .run().changes;
      db.close();
      expect(changed).toBeGreaterThan(0);
      const tamperedStore = SnapshotStore.open(tampered);
      try {
        expect(verifySnapshot(tamperedStore).problems.join('\n')).toMatch(/do not hash to its event_root_hash/);
      } finally {
        tamperedStore.close();
      }
    } finally {
      await server.close();
      store.close();
    }
  });

  it('goes on without the versions a source has pruned (410), keeping them as summaries, and says so', async () => {
    const first = await captureAndServe('unrefused.db', sourceOf());
    const all = keptVersions(first.store);
    await first.server.close();
    first.store.close();
    const refused = new Set(all.filter((_, i) => i % 2 === 0).map(String));
    const { store, server, lines } = await captureAndServe(
      'pruned.db',
      sourceOf((path) => {
        const match = /\/v1\/transactions\/by_version\/(\d+)$/.exec(path);
        return match && refused.has(match[1] ?? '') ? 410 : undefined;
      }),
    );
    try {
      const kept = keptVersions(store);
      expect(kept.length).toBe(all.length - refused.size);
      expect(kept.some((v) => refused.has(String(v)))).toBe(false);
      expect(lines.join('\n')).toMatch(/, \d+ pruned by the source \(410: kept as summaries only\)/);
      expect(verifySnapshot(store).problems).toEqual([]);
    } finally {
      await server.close();
      store.close();
    }
  });

  it('keeps at most maxTransactions, the newest', async () => {
    const { store, server, lines } = await captureAndServe('few.db', sourceOf(), { maxTransactions: 5 });
    try {
      const kept = keptVersions(store);
      // The newest five: V (not provable in the sample, above) and four others.
      expect(kept.length).toBe(4);
      expect(notKeptReason(store, BigInt(info.latestVersion))).toMatch(/do not hash to its hash/);
      const leftOut = store.database
        .prepare("SELECT version FROM captured_not_kept WHERE reason LIKE 'left out:%'")
        .pluck()
        .all() as number[];
      expect(leftOut.length).toBeGreaterThan(0);
      expect(Math.max(...leftOut)).toBeLessThan(Number(kept[0]));
      expect(lines.join('\n')).toMatch(/\d+ older ones left out \(at most 5\)/);
    } finally {
      await server.close();
      store.close();
    }
  });
});

/**
 * A snapshot file that changes under a running server, with real files and real HTTP: copied over in
 * place by another snapshot, truncated, replaced by a rename, touched, changed in the middle of a
 * request. Every answer after a change is the 503 record saying the file changed (never a mix of old
 * metadata and new data, never a stale cached reply), and putting the original back resumes serving.
 */
import { copyFileSync, renameSync, truncateSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { PATH_CHECK_MS } from '../../electron/service/snapshot-file-guard.ts';
import type { LedgerStore } from '../../electron/snapshot/ledger-store.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir('snapshot-change-');
const served = join(dir, 'served.db');
const PATHS = [
  '/v1',
  '/v1/accounts/0x1/resources?limit=3',
  '/explorer/v1/blocks?limit=2',
  '/v1/accounts/0x1/resource/0x1::account::Account',
];

let store: SnapshotStore;
let server: RunningHttpServer;
/** When set, called in the middle of every `accountResources` read (to change the file mid-request). */
let duringRead: (() => void) | undefined;

beforeAll(async () => {
  copyFileSync(fixturePath('small'), served);
  store = SnapshotStore.open(served);
  // The store as the service sees it, with a hook inside one read.
  const hooked = new Proxy(store, {
    get(target, property): unknown {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      // Bound: the store's methods read its private fields.
      if (property !== 'accountResources') return (value as (...a: unknown[]) => unknown).bind(target);
      return (...args: unknown[]) => {
        const page: unknown = Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
        duringRead?.();
        return page;
      };
    },
  }) as LedgerStore;
  server = await startHttpServer({ handler: createReadService({ store: hooked, snapshotFile: served }), port: 0 });
});
afterAll(async () => {
  await server?.close();
  store?.close();
});

/** Waits out the interval of the path check (a rename or delete is noticed by it, not by the per-request check). */
const pathCheck = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, PATH_CHECK_MS + 50));

/** Status and body text of each of {@link PATHS}. */
async function answers(): Promise<{ status: number; body: string }[]> {
  return Promise.all(
    PATHS.map(async (path) => {
      const response = await fetch(new URL(path, server.url));
      return { status: response.status, body: await response.text() };
    }),
  );
}

function expectChanged(all: { status: number; body: string }[]): void {
  for (const { status, body } of all) {
    expect(status).toBe(503);
    const record = JSON.parse(body) as { message: string; error_code: string };
    expect(record.error_code).toBe('internal_error');
    expect(record.message).toMatch(/served\.db changed on disk while it was being served/);
    expect(record.message).toMatch(/reopen it/);
  }
}

describe('a snapshot file changed while served', () => {
  let original: { status: number; body: string }[];
  beforeAll(async () => {
    original = await answers();
    // Twice, so every path is in the reply cache.
    expect(await answers()).toEqual(original);
    for (const { status, body } of original) expect(status, body).toBe(200);
  });

  it('copied over in place by another snapshot: 503 everywhere (cached paths too); restored: served', async () => {
    copyFileSync(fixturePath('main'), served);
    expectChanged(await answers());
    copyFileSync(fixturePath('small'), served);
    expect(await answers()).toEqual(original);
  });

  it('truncated to 0 and restored: 503, then served again without a restart', async () => {
    truncateSync(served, 0);
    expectChanged(await answers());
    copyFileSync(fixturePath('small'), served);
    expect(await answers()).toEqual(original);
  });

  it('replaced by a rename: 503 (the path now names another file); renamed back: served again', async () => {
    const aside = join(dir, 'aside.db');
    renameSync(served, aside);
    copyFileSync(fixturePath('main'), join(dir, 'other.db'));
    renameSync(join(dir, 'other.db'), served);
    await pathCheck();
    expectChanged(await answers());
    renameSync(aside, served);
    await pathCheck();
    expect(await answers()).toEqual(original);
  });

  it('replaced by a rename: the very next request answers 503; renamed back: the next one is served', async () => {
    const aside = join(dir, 'aside.db');
    copyFileSync(fixturePath('main'), join(dir, 'other.db'));
    // The served file stays whole under another name; the path names another snapshot at once.
    renameSync(served, aside);
    renameSync(join(dir, 'other.db'), served);
    // No wait for the look every PATH_CHECK_MS: the folder's watcher reports the rename.
    expectChanged(await answers());
    renameSync(aside, served);
    expect(await answers()).toEqual(original);
  });

  it('deleted: 503; put back: served again', async () => {
    const aside = join(dir, 'aside.db');
    renameSync(served, aside);
    await pathCheck();
    expectChanged(await answers());
    renameSync(aside, served);
    await pathCheck();
    expect(await answers()).toEqual(original);
  });

  it('only touched (same bytes, new times): still served', async () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(served, later, later);
    expect(await answers()).toEqual(original);
  });

  it('changed in the middle of a request: that answer is the 503 too, and is not cached', async () => {
    const path = '/v1/accounts/0x1/resources?limit=1';
    duringRead = () => copyFileSync(fixturePath('main'), served);
    try {
      const response = await fetch(new URL(path, server.url));
      expect(response.status).toBe(503);
      expect(await response.text()).toMatch(/changed on disk/);
    } finally {
      duringRead = undefined;
    }
    copyFileSync(fixturePath('small'), served);
    const again = await fetch(new URL(path, server.url));
    expect(again.status).toBe(200);
    const body = (await again.json()) as unknown[];
    expect(body).toHaveLength(1);
  });

  it('pages read from the other file while it was in place are not served once the original is back', async () => {
    // The service keeps its read lock (read-service.ts), so SQLite does not re-check the file itself: the guard's
    // verdict drops its cached pages. Reads on the same connection while the other snapshot is in place fill them.
    const bystander = createReadService({ store, responseCache: false });
    const reads: Promise<Response>[] = [];
    duringRead = () => {
      duringRead = undefined;
      // Pages not yet cached (a cold page, one evicted) are read from whatever file is in place.
      store.database.pragma('shrink_memory');
      copyFileSync(fixturePath('main'), served);
      for (const path of PATHS) reads.push(bystander(new Request(new URL(path, 'http://127.0.0.1/'))));
    };
    const during = await fetch(new URL('/v1/accounts/0x1/resources?limit=2', server.url));
    expect(during.status).toBe(503);
    await Promise.all(reads);
    copyFileSync(fixturePath('small'), served);
    expect(await answers()).toEqual(original);
  });
});

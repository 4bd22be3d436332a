/**
 * A capture's overall limits (reads, resources, events, summaries) refuse an oversized capture with
 * one clear 400 — the events before any of them is read — and a capture on the snapshot service
 * leaves the event loop free between steps: other requests are answered while it runs.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { captureTargetFor } from '../../electron/service/capture/capture-target.ts';
import { captureLedger } from '../../electron/snapshot/capture/capture-ledger.ts';
import { CaptureError, type CaptureLimits, type CaptureSource } from '../../electron/snapshot/capture/capture-types.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir();
let small: SnapshotStore;
let info: SnapshotInfo;
const paths: string[] = [];

beforeAll(() => {
  small = SnapshotStore.open(fixturePath('small'));
  info = snapshotInfo(small, 5);
});
afterAll(() => small?.close());

/** The small snapshot as a capture source, recording the paths read. */
function source(): CaptureSource {
  const service = createReadService({ store: small, responseCache: false });
  return {
    fetch: (request) => {
      paths.push(new URL(request.url).pathname);
      return service(request);
    },
    baseUrl: 'http://127.0.0.1/v1',
    nodeUrl: 'snapshot',
  };
}

async function refusal(accounts: readonly string[], limits: Partial<CaptureLimits>): Promise<CaptureError> {
  paths.length = 0;
  const error = await captureLedger(source(), { accounts, limits }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(CaptureError);
  const refused = error as CaptureError;
  expect([refused.status, refused.errorCode]).toEqual([400, 'invalid_input']);
  return refused;
}

describe('capture limits', () => {
  it('refuses a capture needing more reads than allowed, at the first read beyond', async () => {
    const error = await refusal(['0x1'], { requests: 3 });
    expect(error.message).toBe(
      'capture too large: it needs more than 3 reads of the source; capture fewer accounts at a time',
    );
    expect(paths).toHaveLength(3);
  });

  it('refuses too many resources, and too many transaction summaries', async () => {
    expect((await refusal(['0x1'], { resources: 2 })).message).toBe(
      'capture too large: more than 2 resources (the limit of one capture); capture fewer accounts at a time',
    );
    const sender = info.samples.senders[0]!.address;
    expect((await refusal([sender], { summaries: 1 })).message).toMatch(
      /^capture too large: more than 1 transaction summaries/,
    );
  });

  it("refuses too many events from the streams' counters, before reading any event", async () => {
    const stream = info.samples.eventStreams[0]!;
    expect((await refusal([stream.address], { events: 1 })).message).toMatch(/^capture too large: more than 1 events/);
    expect(paths.filter((path) => path.includes('/events/'))).toEqual([]);
    // The same capture within the limits reads them.
    paths.length = 0;
    const data = await captureLedger(source(), { accounts: [stream.address] });
    expect(data.events.length).toBeGreaterThan(1);
  });
});

describe('write-set limits', () => {
  it('counts write-set entries and bytes: a transaction beyond them stays a summary, with the reason', async () => {
    const sender = info.samples.senders[0]!.address;
    const full = await captureLedger(source(), { accounts: [sender], maxTransactions: 30 });
    const entries = full.transactions.map((kept) => kept.writeSet.length);
    expect(entries.length).toBeGreaterThan(5);
    const total = entries.reduce((a, b) => a + b, 0);
    for (const limits of [{ writeSetEntries: Math.floor(total / 2) }, { writeSetBytes: 2_000 }]) {
      const limited = await captureLedger(source(), { accounts: [sender], maxTransactions: 30, limits });
      const held = limited.transactions.flatMap((kept) => [...kept.writeSet]);
      const bytes = held.reduce((sum, op) => sum + op.stateKey.length + (op.value?.length ?? 0), 0);
      expect(held.length).toBeLessThanOrEqual(limits.writeSetEntries ?? Infinity);
      expect(bytes).toBeLessThanOrEqual(limits.writeSetBytes ?? Infinity);
      expect(limited.transactions.length).toBeGreaterThan(0);
      expect(limited.transactions.length).toBeLessThan(full.transactions.length);
      const refused = limited.notKept.filter((n) => /exceeds? what the capture may still hold/.test(n.reason));
      expect(refused.length).toBe(full.transactions.length - limited.transactions.length);
    }
  });
});

describe('a capture on the snapshot service', () => {
  let store: SnapshotStore;
  let server: RunningHttpServer;
  beforeAll(async () => {
    store = SnapshotStore.open(fixturePath('main'));
    server = await startHttpServer({
      handler: createReadService({ store, capture: captureTargetFor('127.0.0.1', join(dir, 'captures')) }),
      port: 0,
    });
  });
  afterAll(async () => {
    await server?.close();
    store?.close();
  });

  it('lets other requests through while it runs (the 10,000-resource collector account)', async () => {
    let done = false;
    const capture = fetch(`${server.url}/explorer/v1/capture`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accounts: ['0xc011ec7'] }),
    }).finally(() => {
      done = true;
    });
    // One request after another: a capture holding the event loop would let at most the first one through.
    let answered = 0;
    for (let i = 0; i < 1000 && !done; i += 1) {
      const response = await fetch(`${server.url}/v1`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      if (!done) answered += 1;
    }
    expect((await capture).status).toBe(201);
    expect(answered).toBeGreaterThanOrEqual(5);
  });
});

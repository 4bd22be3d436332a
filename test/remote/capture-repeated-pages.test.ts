/**
 * A source that repeats itself — the same events page whatever `start` asks, the same summaries page whatever
 * `end_version` asks, a resources cursor that points back at itself — is read once per page it really has: each
 * resource, event and summary is kept and counted once (the progress lines say so), and the capture ends instead of
 * spending its reads on the same page.
 */
import { describe, expect, it } from 'vitest';
import { createReadService } from '../../electron/service/read-service.ts';
import { captureLedger } from '../../electron/snapshot/capture/capture-ledger.ts';
import type { CaptureSource } from '../../electron/snapshot/capture/capture-types.ts';
import { snapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';

/** The small fixture as a source that repeats its first page of events and summaries, and loops its cursor. */
function repeatingSource(store: SnapshotStore): CaptureSource {
  const service = createReadService({ store, responseCache: false });
  return {
    baseUrl: 'http://127.0.0.1/v1',
    nodeUrl: 'repeating',
    fetch: async (request) => {
      const url = new URL(request.url);
      if (url.pathname.includes('/events/')) url.searchParams.set('start', '0');
      if (url.pathname.endsWith('/transaction_summaries')) url.searchParams.delete('end_version');
      if (url.pathname.endsWith('/resources')) url.searchParams.delete('start');
      const response = await service(new Request(url, request));
      if (!url.pathname.endsWith('/resources')) return response;
      const headers = new Headers(response.headers);
      headers.set('x-aptos-cursor', 'the-same-cursor');
      return new Response(await response.arrayBuffer(), { status: response.status, headers });
    },
  };
}

describe('a source repeating its pages', () => {
  it('is read once per real page: each resource, event and summary counted once', async () => {
    const store = SnapshotStore.open(fixturePath('small'));
    try {
      const info = snapshotInfo(store, 5);
      const sender = info.samples.senders[0]!;
      expect(Number(sender.transactions)).toBeGreaterThan(100);
      const lines: string[] = [];
      const data = await captureLedger(repeatingSource(store), {
        accounts: ['0x1', sender.address],
        maxTransactions: 0,
        onProgress: (line) => lines.push(line),
      });
      const key = (e: { address: Uint8Array; creationNumber: bigint; sequenceNumber: bigint }): string =>
        `${Buffer.from(e.address).toString('hex')}/${e.creationNumber}/${e.sequenceNumber}`;
      expect(new Set(data.events.map(key)).size).toBe(data.events.length);
      expect(new Set(data.summaries.map((s) => s.version)).size).toBe(data.summaries.length);
      // The repeated first page of at most 100 summaries, once.
      expect(data.summaries.length).toBeLessThanOrEqual(100);
      const resources = data.resources.filter((r) => Buffer.from(r.address).equals(data.accounts[0]!));
      expect(new Set(resources.map((r) => JSON.stringify(r.tag))).size).toBe(resources.length);
      // Each stream's count in the progress is what was kept (at most its first page).
      let counted = 0;
      for (const line of lines) {
        const match = /^ {2}events \S+: (\d+)$/.exec(line);
        if (match) {
          expect(Number(match[1])).toBeLessThanOrEqual(100);
          counted += Number(match[1]);
        }
      }
      expect(counted).toBe(data.events.length);
      expect(lines.join('\n')).toMatch(
        new RegExp(`: \\d+ resources \\(2 pages\\), ${data.summaries.length} transaction`),
      );
    } finally {
      store.close();
    }
  });
});

/**
 * Memory of `serve --remote` under 100 concurrent hostile answers (not a test: run
 * `node test/bench/remote-memory-bench.ts`): a node on loopback answers each request with 31 MiB of JSON
 * (with a Content-Length, or chunked without one) or a gzip bomb (64 KiB inflating to 64 MiB); the remote
 * source's HTTP server runs in a child process (the node in another), a fresh one per kind, and is sampled (after a
 * full GC)
 * every 100 ms while the answers are in flight. Reports external + heap above the baseline at its peak,
 * the process's peak RSS, how the 100 were answered, and the time of a small request (`GET /v1`) made
 * during the flood against one made at rest. Prints a Markdown table for docs/benchmarks.md.
 */
import type { ServerStats } from '../support/http-server-child.ts';
import { startServerChild } from '../support/server-child-process.ts';
import { forkHostileNode } from '../remote/hostile-answers.ts';

const MIB = 1024 * 1024;
const CONCURRENT = 100;
const mb = (bytes: number): string => (bytes / MIB).toFixed(0);
const used = (stats: ServerStats): number => stats.external + stats.heapUsed;

/** Milliseconds of one small request. */
async function timed(url: URL): Promise<number> {
  const start = performance.now();
  const response = await fetch(new URL('/v1', url));
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET /v1 answered ${response.status}`);
  return performance.now() - start;
}

const node = await forkHostileNode();
const rows: string[] = [];
const LABELS: Readonly<Record<string, string>> = {
  sized: '31 MiB JSON with Content-Length',
  chunked: '31 MiB JSON, chunked',
  bomb: 'gzip bomb (64 KiB → 64 MiB)',
};
for (const mode of ['sized', 'chunked', 'bomb']) {
  const child = await startServerChild(node.url, {});
  for (let i = 0; i < 5; i += 1) await timed(child.url);
  const rest = await timed(child.url);
  const baseline = await child.stats();
  let peak = baseline;
  let sampled = true;
  const started = performance.now();
  const requests = Array.from({ length: CONCURRENT }, async (_, index) => {
    const response = await fetch(new URL(`/v1/accounts/0x${index + 1}/modules?mode=${mode}`, child.url));
    await response.arrayBuffer();
    return response.status;
  });
  const sampling = (async () => {
    while (sampled) {
      const stats = await child.stats();
      if (used(stats) > used(peak)) peak = stats;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const during = await timed(child.url);
  const statuses = await Promise.all(requests);
  const elapsed = performance.now() - started;
  sampled = false;
  await sampling;
  const after = await child.stats();
  const served = statuses.filter((status) => status === 200).length;
  const refused = statuses.filter((status) => status === 503).length;
  rows.push(
    `| ${LABELS[mode]} | ${mb(used(baseline))} | +${mb(used(peak) - used(baseline))} | ${mb(after.peakRss)} | ` +
      `${served} / ${refused} | ${(elapsed / 1000).toFixed(1)} s | ${rest.toFixed(1)} → ${during.toFixed(1)} ms |`,
  );
  await child.stop();
}
await node.close();

process.stdout.write(
  `| ${CONCURRENT} concurrent answers | external + heap at rest (MB) | peak above rest (MB) | peak RSS (MB) ` +
    `| 200 / 503 | all answered in | GET /v1 at rest → during |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`,
);

/**
 * Fuzz of the whole read service over real HTTP against the `main` fixture: at least 10,000
 * requests per run, 8 at a time over keep-alive fetch, built by fast-check from valid and broken
 * parts on every route (fuzz-shapes.ts, from the parts of fuzz-arbitraries.ts and the bodies of
 * fuzz-bodies.ts), each response checked by fuzz-oracle.ts against what the rules allow.
 *
 * Deterministic: fast-check runs from FUZZ_SEED (default below) and prints the seed and the
 * failing batch on failure. FUZZ_RUNS overrides the number of batches of 8.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseAddress } from '../../shared/address.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import { parseTypeTag } from '../../shared/type-tag.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { expectLedgerHeaders, expectRawError, rawRequest, useContractServer } from './contract-support.ts';
import { factsOf } from './fuzz-facts.ts';
import type { FuzzRequest } from './fuzz-model.ts';
import { check } from './fuzz-oracle.ts';
import { requests } from './fuzz-shapes.ts';
import { expectedMoveJson } from './move-json-oracle.ts';

const env = useContractServer('main');

const SEED = process.env['FUZZ_SEED'] === undefined ? 20_240_611 : Number(process.env['FUZZ_SEED']);
const BATCH = 8;
const BATCHES = process.env['FUZZ_RUNS'] === undefined ? 1250 : Number(process.env['FUZZ_RUNS']);
const MIN_REQUESTS = 10_000;

/** fast-check's report without the (huge) counterexample batch: the cause names the failing request. */
function shortReport(details: fc.RunDetails<[FuzzRequest[]]>): void {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `fuzz failed after ${details.numRuns} batches (seed ${details.seed}, path "${details.counterexamplePath ?? ''}", ` +
      `shrunk ${details.numShrinks} times; rerun with FUZZ_SEED=${details.seed}):\n${cause}`,
  );
}

describe('fuzz', () => {
  // The service under fuzz runs in a worker thread (fuzz-server.ts), so client and server each get a core.
  let worker: Worker;
  let base: string;
  beforeAll(async () => {
    worker = new Worker(new URL('./fuzz-server.ts', import.meta.url), { workerData: { path: fixturePath('main') } });
    const [message] = (await once(worker, 'message')) as [{ url: string }];
    base = message.url;
  });
  afterAll(async () => {
    await worker?.terminate();
  });

  it(`answers ${MIN_REQUESTS}+ generated requests with records, headers and statuses the rules allow`, async () => {
    const facts = factsOf(env);
    let sent = 0;
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.array(requests(facts), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        sent += batch.length;
        await Promise.all(batch.map((r) => check(env, base, r)));
      }),
      { numRuns: BATCHES, seed: SEED, reporter: shortReport },
    );

    // Bodies over 8 MiB, declared and streamed: 413. Raw requests to the same service in this thread,
    // so the answer is read before the server drops the connection (a client still writing gets a reset).
    const table = facts.tables[0]!;
    for (const headers of [
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    ]) {
      const big = Buffer.alloc(8 * 1024 * 1024 + 1 + (sent % 1000), 0x20);
      const response = await rawRequest(env.server.url, {
        method: 'POST',
        path: `/v1/tables/${table.handle}/item`,
        headers,
        body: big,
      });
      expectRawError(response, 413, 'web_framework_error', env.info);
      sent += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`fuzz: ${sent} requests in ${seconds.toFixed(1)} s (seed ${SEED})`);
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);

    // The service still answers valid requests with the right bodies.
    const ledger = await fetch(`${base}/v1`);
    expect(ledger.status).toBe(200);
    expectLedgerHeaders(ledger.headers, env.info);
    expect(await ledger.json()).toMatchObject({
      chain_id: env.info.chainId,
      ledger_version: env.info.latestVersion,
      oldest_ledger_version: env.info.oldestVersion,
    });
    const item = await fetch(`${base}/v1/tables/${table.handle}/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_type: table.keyType, value_type: table.valueType, key: table.keys[0] }),
    });
    expect(item.status).toBe(200);
    const stored = env.store.tableItem(
      parseAddress(table.handle),
      Buffer.from(table.rawKeys[0]!.slice(2), 'hex'),
      facts.latest,
    )!;
    expect(await item.json()).toEqual(
      expectedMoveJson(stored, resolveLayout(parseTypeTag(table.valueType), env.store.abiLookup(facts.latest))),
    );

    // No request reached the service's unexpected-error path, and the server closes cleanly.
    worker.postMessage('close');
    const [closed] = (await once(worker, 'message')) as [{ closed: boolean; unexpected: string[] }];
    expect(closed).toEqual({ closed: true, unexpected: [] });
  });
});

/**
 * The remote source's memory under 100 concurrent hostile answers (31 MiB each with or without a
 * Content-Length, or gzip bombs), with `serve`'s HTTP adapter in its own process (a fresh one per kind:
 * its queue's measured service times are those of that kind alone): the process-wide budget of answer
 * bytes (128 MiB, plus 64 KiB free per answer) bounds them all together, refused answers are one 503
 * record each, a small request from another client is still served during the flood (the fair queue puts
 * it next in line), and everything is freed afterwards. Measured after a full GC while the answers are in
 * flight, like the abuse tests.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerStats } from '../support/http-server-child.ts';
import { startServerChild, type ServerChild } from '../support/server-child-process.ts';
import { startHostileNode, type HostileNode } from './hostile-answers.ts';
import { send } from './load-support.ts';

const MIB = 1024 * 1024;
const CONCURRENT = 100;
/**
 * Stated bound on external + heap above the baseline: the 128 MiB budget, 100 × 64 KiB free
 * allowances, and room for the socket and stream buffers of 100 connections. Without the budget
 * the same flood took gigabytes.
 */
const BOUND = 400 * MIB;

const used = (stats: ServerStats): number => stats.external + stats.heapUsed;

describe('100 concurrent hostile answers', () => {
  let node: HostileNode;
  let child: ServerChild | undefined;
  beforeAll(async () => {
    node = await startHostileNode();
  });
  afterEach(async () => {
    await child?.stop();
    child = undefined;
  });
  afterAll(async () => {
    await node?.close();
  });

  for (const mode of ['sized', 'chunked', 'bomb']) {
    it(`${mode}: memory stays under the bound, refusals are records, a small request is served`, async () => {
      const server = await startServerChild(node.url, {});
      child = server;
      for (let i = 0; i < 3; i += 1) expect((await fetch(new URL('/v1', server.url))).status).toBe(200);
      const baseline = await server.stats();
      let peak = baseline;
      let done = false;
      const requests = Array.from({ length: CONCURRENT }, async (_, index) => {
        const response = await fetch(new URL(`/v1/accounts/0x${index + 1}/modules?mode=${mode}`, server.url));
        const body = await response.arrayBuffer();
        return { status: response.status, body };
      });
      const sampling = (async () => {
        while (!done) {
          const stats = await server.stats();
          if (used(stats) > used(peak)) peak = stats;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      // From another address: the flood's requests wait their turns behind it (docs/remote.md "Under load").
      const small = await send({ url: server.url.origin }, '/v1', { localAddress: '127.0.0.2' }).answer;
      expect(small.status, small.body).toBe(200);
      const results = await Promise.all(requests);
      done = true;
      await sampling;
      for (const { status, body } of results) {
        expect([200, 503]).toContain(status);
        if (status === 503) {
          const record = JSON.parse(Buffer.from(body).toString()) as { message: string };
          // The budget or the cap refused it, the queue did (too busy), or it outlasted a timeout on a busy machine.
          expect(record.message).toMatch(/already reading|larger than the|too busy|answer within/);
        }
      }
      if (mode === 'bomb') for (const { status } of results) expect(status).toBe(503);
      else expect(results.some(({ status }) => status === 503)).toBe(true);
      expect(used(peak) - used(baseline)).toBeLessThan(BOUND);
      const after = await server.stats();
      expect(used(after) - used(baseline)).toBeLessThan(32 * MIB);
    });
  }
});

/**
 * The remote source under load, over real HTTP on loopback (docs/remote.md "Under load"): the fake node
 * counts the requests it holds at once and answers when the test says. The bound on requests in flight
 * holds, a flooding address does not starve a polite one, identical concurrent reads share one node
 * request (never across API keys, never for writes), overload is answered at once with 503 and
 * `Retry-After`, and no slot or place in the queue leaks when clients leave or the node fails.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import type { ReadServiceHandler } from '../../electron/service/read-service.ts';
import { createRemoteService, type RemoteServiceOptions } from '../../electron/service/remote/remote-service.ts';
import { runCliAsync, startServe } from './serve-process.ts';
import { useFakeNode } from './fake-node.ts';
import { loadBehaviours, send, until, type Answer } from './load-support.ts';

const node = useFakeNode();

const { load, answering, releaseAll } = loadBehaviours(node);

const servers: RunningHttpServer[] = [];
afterEach(async () => {
  releaseAll();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** `serve --remote`'s HTTP server over the fake node; `arrived()` counts requests the service has taken up. */
async function proxy(
  options: Partial<RemoteServiceOptions> = {},
  onArrive: (request: Parameters<ReadServiceHandler['serve']>[0]) => void = () => undefined,
): Promise<{ server: RunningHttpServer; arrived(): number }> {
  const service = createRemoteService({ baseUrl: node.url, retryBaseDelayMs: 10, cache: false, ...options });
  let arrived = 0;
  const handler: ReadServiceHandler = Object.assign((request: Request) => service(request), {
    serve: (request: Parameters<ReadServiceHandler['serve']>[0]) => {
      // Counted once the service has run up to its first wait: the request is queued or joined by then.
      const reply = service.serve(request);
      arrived += 1;
      onArrive(request);
      return reply;
    },
    errorReply: service.errorReply,
  });
  const server = await startHttpServer({ handler, port: 0 });
  servers.push(server);
  return { server, arrived: () => arrived };
}

/** A 503 error record with `Retry-After` saying this server was too busy; returns its message. */
function expectBusy(answer: Answer): string {
  expect(answer.status).toBe(503);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  const record = JSON.parse(answer.body) as { message: string; error_code: string; vm_error_code: null };
  expect(record).toEqual({ message: expect.any(String), error_code: 'internal_error', vm_error_code: null });
  expect(record.message).toContain(`Node ${node.url} was not asked: this server is too busy`);
  return record.message;
}

describe('the bound on requests in flight', () => {
  it('the node never holds more than maxInFlight requests from the proxy; every one is answered', async () => {
    answering({ delayMs: 20 });
    const { server } = await proxy({ maxInFlight: 3 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => send(server, `/v1/accounts/0x${index + 1}`).answer),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(node.seen).toHaveLength(40);
    expect(load.peak).toBe(3);
  });

  it('a flooding address does not starve a polite one: its requests are next in line', async () => {
    answering({ delayMs: 20 });
    const maxInFlight = 2;
    let seenAtArrival = 0;
    const { server } = await proxy({ maxInFlight }, (request) => {
      if (request.client?.address === '127.0.0.2') seenAtArrival = node.seen.length;
    });
    let flooding = true;
    let sent = 0;
    const flood = Array.from({ length: 30 }, async () => {
      while (flooding) {
        sent += 1;
        await send(server, `/v1/accounts/0xf${sent}`).answer;
      }
    });
    await until(() => node.seen.length >= 20, 'the flood to reach the node');
    const gaps: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await send(server, `/v1/accounts/0xa${i}`, { localAddress: '127.0.0.2' }).answer;
      expect(answer.status).toBe(200);
      gaps.push(node.seen.findIndex((seen) => seen.url === `/v1/accounts/0xa${i}`) - seenAtArrival);
    }
    flooding = false;
    await Promise.all(flood);
    // First come, first served, the 29 flood requests waiting would go first; fairly, only those already on
    // their way to the node and one flood turn.
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(maxInFlight + 1);
  });
});

describe('coalescing', () => {
  it('identical concurrent reads: one node request, the same answer for all; another Accept is its own', async () => {
    answering({ hold: 'all' });
    const { server, arrived } = await proxy();
    const same = Array.from({ length: 8 }, () => send(server, '/v1/accounts/0x1').answer);
    const other = send(server, '/v1/accounts/0x1', { headers: { accept: 'application/json, */*' } }).answer;
    await until(() => arrived() === 9 && node.seen.length === 2, 'the requests to reach the service and the node');
    expect(new Set(node.seen.map((seen) => seen.headers.accept)).size).toBe(2);
    releaseAll();
    const answers = await Promise.all(same);
    expect((await other).status).toBe(200);
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.body}`)).size).toBe(1);
    expect(answers[0]?.status).toBe(200);
    expect(node.seen).toHaveLength(2);
  });

  it('never across API keys: each key gets its own node request and its own answer', async () => {
    answering({ hold: 'all', sequence: (auth) => (auth === 'Bearer key-a' ? '1' : '2') });
    const a = await proxy({ apiKey: 'key-a' });
    const b = await proxy({ apiKey: 'key-b' });
    const answersA = Array.from({ length: 4 }, () => send(a.server, '/v1/accounts/0x1').answer);
    const answersB = Array.from({ length: 4 }, () => send(b.server, '/v1/accounts/0x1').answer);
    await until(() => a.arrived() === 4 && b.arrived() === 4, 'the requests to reach both services');
    expect(node.seen.map((seen) => seen.headers.authorization).sort()).toEqual(['Bearer key-a', 'Bearer key-b']);
    releaseAll();
    for (const answer of await Promise.all(answersA))
      expect(JSON.parse(answer.body)).toMatchObject({ sequence_number: '1' });
    for (const answer of await Promise.all(answersB))
      expect(JSON.parse(answer.body)).toMatchObject({ sequence_number: '2' });
  });

  it('never for writes: two identical transaction submissions are two node requests', async () => {
    answering({ hold: 'all' });
    const { server, arrived } = await proxy();
    const body = JSON.stringify({ sender: '0x1' });
    const headers = { 'content-type': 'application/json' };
    const answers = [1, 2].map(() => send(server, '/v1/transactions', { method: 'POST', headers, body }).answer);
    await until(() => arrived() === 2 && node.seen.length === 2, 'both submissions to reach the node');
    releaseAll();
    await Promise.all(answers);
    expect(node.seen.map((seen) => `${seen.method} ${seen.url} ${seen.body}`)).toEqual([
      `POST /v1/transactions ${body}`,
      `POST /v1/transactions ${body}`,
    ]);
  });
});

describe('overload is answered early: 503 with Retry-After', () => {
  it('when the queue is full, at once, while the node still holds the others', async () => {
    answering({ hold: 'all' });
    const { server, arrived } = await proxy({ maxInFlight: 1, maxQueued: 2 });
    const first = [1, 2, 3].map((n) => send(server, `/v1/accounts/0x${n}`).answer);
    await until(() => arrived() === 3 && node.seen.length === 1, 'one request in flight and two queued');
    const message = expectBusy(await send(server, '/v1/accounts/0x4').answer);
    expect(message).toMatch(/1 requests in flight and 2 waiting \(its limits are 1 and 2\)/);
    expect(node.seen).toHaveLength(1);
    for (let n = 1; n <= 3; n += 1) {
      await until(() => load.held.length === 1, 'the next request to reach the node');
      releaseAll();
    }
    expect((await Promise.all(first)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(node.seen).toHaveLength(3);
  });

  it('when the wait would outlast the deadline: refused at once, not after the timeout', async () => {
    answering({ delayMs: 300 });
    const { server, arrived } = await proxy({ maxInFlight: 1, connectTimeoutMs: 1_500 });
    for (let n = 0; n < 2; n += 1) expect((await send(server, `/v1/accounts/0xe${n}`).answer).status).toBe(200);
    answering({ hold: 'first', delayMs: 300 });
    const holder = send(server, '/v1/accounts/0x1').answer;
    await until(() => node.seen.length === 1, 'the first request to reach the node');
    const answered: Answer[] = [];
    const rest = Array.from({ length: 9 }, (_, index) =>
      send(server, `/v1/accounts/0x${index + 2}`).answer.then((answer) => (answered.push(answer), answer)),
    );
    // Each can expect ≈ 300 ms (measured) per request ahead of it and the holder: at most four fit in 1.5 s.
    await until(() => arrived() === 12 && answered.length >= 5, 'the refusals');
    expect(node.seen).toHaveLength(1);
    for (const answer of answered) expect(expectBusy(answer)).toMatch(/too busy to send the request in time/);
    releaseAll();
    expect((await holder).status).toBe(200);
    const answers = await Promise.all(rest);
    const served = answers.filter((answer) => answer.status === 200);
    for (const answer of answers) if (answer.status !== 200) expectBusy(answer);
    expect(served.length).toBeGreaterThanOrEqual(1);
    // The refused were never sent.
    expect(node.seen).toHaveLength(1 + served.length);
  });

  it('when the deadline passes while it waits: 503 with Retry-After at the deadline, never sent', async () => {
    answering({ hold: 'all' });
    const { server, arrived } = await proxy({ maxInFlight: 1, connectTimeoutMs: 400, maxRetries: 0 });
    const holder = send(server, '/v1/accounts/0x1').answer;
    const waiter = send(server, '/v1/accounts/0x2').answer;
    await until(() => arrived() === 2, 'both requests to reach the service');
    expect(expectBusy(await waiter)).toMatch(/too busy to send the request in time/);
    expect((await holder).status).toBe(503);
    expect(node.seen.map((seen) => seen.url)).toEqual(['/v1/accounts/0x1']);
  });
});

describe('no leaks', () => {
  it('clients leaving while queued give their places back and are never sent', async () => {
    answering({ hold: 'all' });
    const { server, arrived } = await proxy({ maxInFlight: 1, maxQueued: 2 });
    const holder = send(server, '/v1/accounts/0x1');
    const leaving = [2, 3].map((n) => send(server, `/v1/accounts/0x${n}`));
    for (const request of leaving) request.answer.catch(() => undefined);
    await until(() => arrived() === 3 && node.seen.length === 1, 'one request in flight and two queued');
    for (const request of leaving) request.destroy();
    await until(async () => (await server.connections()) === 1, 'the leaving connections to close');
    // Had their places leaked, the queue (2) would be full: these two would be refused.
    const next = [4, 5].map((n) => send(server, `/v1/accounts/0x${n}`).answer);
    await until(() => arrived() === 5, 'the next requests to reach the service');
    for (let n = 0; n < 3; n += 1) {
      await until(() => load.held.length === 1, 'the next request to reach the node');
      releaseAll();
    }
    expect((await holder.answer).status).toBe(200);
    expect((await Promise.all(next)).map((answer) => answer.status)).toEqual([200, 200]);
    expect(node.seen.map((seen) => seen.url)).toEqual(['/v1/accounts/0x1', '/v1/accounts/0x4', '/v1/accounts/0x5']);
  });

  it('a request nobody waits for any more is cancelled at the node, and its slot goes to the next', async () => {
    answering({ hold: 'first' });
    // No timeout ends the held request during the test: only its client leaving can.
    const { server, arrived } = await proxy({ maxInFlight: 1, connectTimeoutMs: 60_000 });
    const leaving = send(server, '/v1/accounts/0x1');
    leaving.answer.catch(() => undefined);
    await until(() => node.seen.length === 1, 'the first request to reach the node');
    const next = send(server, '/v1/accounts/0x2').answer;
    await until(() => arrived() === 2, 'the second request to reach the service');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(node.seen).toHaveLength(1);
    leaving.destroy();
    // The node sees the proxy close its request (its answer was never sent), then gets the next one.
    await until(() => load.cancelled === 1, 'the first request to be cancelled at the node');
    expect((await next).status).toBe(200);
    expect(node.seen.map((seen) => seen.url)).toEqual(['/v1/accounts/0x1', '/v1/accounts/0x2']);
  });

  it('node failures give their slots back: after a burst of dropped connections, all are served', async () => {
    node.behave((_req, res) => res.socket?.destroy());
    const { server } = await proxy({ maxInFlight: 2, maxRetries: 0 });
    const failed = await Promise.all(
      Array.from({ length: 6 }, (_, n) => send(server, `/v1/accounts/0x${n + 1}`).answer),
    );
    for (const answer of failed) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatch(/closed before a complete answer|socket hang up|other side closed/);
    }
    answering({ delayMs: 20 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => send(server, `/v1/accounts/0x${n + 1}`).answer),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(load.peak).toBe(2);
  });
});

describe('serve --max-in-flight', () => {
  it('bounds what the real process sends to the node', async () => {
    answering({ delayMs: 50 });
    const served = await startServe(['--remote', node.url, '--port', '0', '--max-in-flight', '2']);
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, async (_, n) => (await fetch(`${served.url}/v1/accounts/0x${n + 1}`)).status),
      );
      expect(answers).toEqual(answers.map(() => 200));
      expect(load.peak).toBe(2);
    } finally {
      await served.stop();
    }
  });

  it('is range-checked and needs --remote, in one line', async () => {
    const zero = await runCliAsync(['serve', '--remote', node.url, '--max-in-flight', '0']);
    expect(zero.status).not.toBe(0);
    expect(zero.stderr.trim()).toMatch(/^[^\n]*--max-in-flight must be a number from 1 to 10000, got "0"$/);
    const alone = await runCliAsync(['serve', '--max-in-flight', '4']);
    expect(alone.status).not.toBe(0);
    expect(alone.stderr.trim()).toMatch(/^[^\n]*--max-in-flight needs --remote$/);
  });
});

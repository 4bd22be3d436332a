/**
 * Support of remote-load.test.ts: a fake node's behaviours that count what it holds and answer when the
 * test says, and a client sending each request on its own connection (optionally from another loopback
 * address) that can leave mid-request.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { sendJson, type FakeNode } from './fake-node.ts';

/** What the fake node holds now, the most it held at once, requests the proxy cancelled, answers held back. */
export interface LoadState {
  active: number;
  peak: number;
  cancelled: number;
  readonly held: Array<() => void>;
}

/** How the node answers: after `delayMs`, or when released (`hold`); `sequence` from the `Authorization`. */
export interface AnswerOptions {
  readonly delayMs?: number;
  readonly hold?: 'all' | 'first';
  readonly sequence?: (auth: string) => string;
}

/**
 * The load state of `node` and how it answers: `answering` makes it answer `/v1/accounts/{a}` after `delayMs`,
 * or when the test calls `releaseAll` (`hold`: every request, or only the first).
 */
export function loadBehaviours(node: FakeNode): {
  load: LoadState;
  answering(options?: AnswerOptions): void;
  releaseAll(): void;
} {
  const load: LoadState = { active: 0, peak: 0, cancelled: 0, held: [] };
  const answering = (options: AnswerOptions = {}): void => {
    load.active = 0;
    load.peak = 0;
    load.cancelled = 0;
    load.held.length = 0;
    node.behave((req, res, index) => {
      load.active += 1;
      load.peak = Math.max(load.peak, load.active);
      res.once('close', () => {
        load.active -= 1;
        // Closed before its answer was written: the proxy cancelled the request.
        if (!res.writableFinished) load.cancelled += 1;
      });
      const answer = (): void =>
        sendJson(res, 200, {
          sequence_number: options.sequence?.(req.headers.authorization ?? '') ?? '0',
          authentication_key: `0x${'00'.repeat(32)}`,
        });
      if (options.hold === 'all' || (options.hold === 'first' && index === 0)) load.held.push(answer);
      else setTimeout(answer, options.delayMs ?? 0);
    });
  };
  const releaseAll = (): void => {
    for (const answer of load.held.splice(0)) answer();
  };
  return { load, answering, releaseAll };
}

/** A reply as the client got it. */
export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One request on its own connection (from `localAddress`); `destroy` closes the connection (the client leaves). */
export function send(
  server: { readonly url: string },
  path: string,
  options: { localAddress?: string; headers?: Record<string, string>; method?: string; body?: string } = {},
): { answer: Promise<Answer>; destroy(): void } {
  const req = httpRequest(`${server.url}${path}`, {
    agent: false,
    method: options.method ?? 'GET',
    headers: options.headers,
    localAddress: options.localAddress,
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
  req.end(options.body);
  return { answer, destroy: () => req.destroy() };
}

/** Polls `condition` every 10 ms for up to 5 s. */
export async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

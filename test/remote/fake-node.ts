/**
 * A fault-injecting fake node on 127.0.0.1: each test sets how it answers (slowly, not at all,
 * with a dropped connection, a 429, malformed or misshapen JSON, a huge body). It records every
 * request it got, so tests can count retries and check what the proxy forwarded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A request as the fake node received it. */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** How the fake answers one request (`index` counts requests since the behaviour was set). */
export type Behaviour = (req: IncomingMessage, res: ServerResponse, index: number, body: string) => void;

/** The ledger headers a node sends (X-Aptos spelling only, as real nodes do). */
export const NODE_LEDGER_HEADERS: Readonly<Record<string, string>> = {
  'X-Aptos-Chain-Id': '2',
  'X-Aptos-Ledger-Version': '1000',
  'X-Aptos-Ledger-Oldest-Version': '10',
  'X-Aptos-Ledger-TimestampUsec': '1700000000000000',
  'X-Aptos-Epoch': '3',
  'X-Aptos-Block-Height': '400',
  'X-Aptos-Oldest-Block-Height': '5',
};

/** Answers JSON with the ledger headers. */
export function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...NODE_LEDGER_HEADERS, ...extra });
  res.end(text);
}

/** The fake node of a test file: `url` (base, ends in /v1), its behaviour and what it saw. */
export interface FakeNode {
  readonly url: string;
  readonly seen: SeenRequest[];
  /** Bytes of body the fake managed to write before the last response ended or its socket closed. */
  written: number;
  /** Sets the behaviour and clears what was seen. */
  behave(behaviour: Behaviour): void;
}

/** Starts a fake node for the current test file. */
export function useFakeNode(): FakeNode {
  let behaviour: Behaviour = (_req, res) =>
    sendJson(res, 404, { message: 'not set', error_code: 'web_framework_error', vm_error_code: null });
  let index = 0;
  const node: FakeNode = {
    url: '',
    seen: [],
    written: 0,
    behave(next) {
      behaviour = next;
      index = 0;
      node.seen.length = 0;
      node.written = 0;
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      node.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      behaviour(req, res, index++, body);
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    (node as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return node;
}

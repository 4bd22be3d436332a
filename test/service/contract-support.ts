/**
 * Shared setup of the service tests: the read service over a generated snapshot (the shared
 * fixtures), served by the real HTTP adapter on 127.0.0.1, plus fetch helpers and the checks of
 * the error record and the ledger headers. Every expected value comes from the fixture itself.
 */
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, expect } from 'vitest';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { fixturePath } from '../support/fixture-path.ts';
import type { FixtureName } from '../support/fixtures.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { startServe, type ServeProcess } from '../remote/serve-process.ts';

/** What a contract test file gets: the server's URL, the store (read-only) and the fixture's samples. */
export interface ContractEnv {
  server: Pick<RunningHttpServer, 'url'>;
  store: SnapshotStore;
  info: SnapshotInfo;
}

/** Whether contract servers are put behind the remote-node proxy (test/remote/contract-via-proxy.test.ts). */
let throughProxy = false;
/** Through the proxy: the data folder of its `serve` processes. */
let proxyDataDir = '';
/**
 * Through the proxy: the running pair (`serve --snapshot` and `serve --remote` in front of it) of each fixture, shared
 * by every contract file that test loads. A pair per file started 34 `serve` processes for 17 files, ~0.6 s of CPU
 * each.
 */
const proxyPairs = new Map<FixtureName, Promise<ProxyPair>>();

/** A running proxy pair: the proxy's URL and both processes. */
interface ProxyPair {
  readonly url: string;
  readonly processes: readonly ServeProcess[];
}

/** The proxy pair of `fixture`, started on first use. */
function proxyPair(fixture: FixtureName): Promise<ProxyPair> {
  let pair = proxyPairs.get(fixture);
  if (pair === undefined) {
    pair = (async () => {
      const processEnv = { ...process.env, LEDGER_EXPLORER_DATA_DIR: proxyDataDir };
      const args = ['--port', '0', '--ui', proxyDataDir];
      const backend = await startServe(['--snapshot', fixturePath(fixture), ...args], processEnv);
      try {
        const proxy = await startServe(['--remote', `${backend.url}/v1`, ...args], processEnv);
        return { url: proxy.url, processes: [backend, proxy] };
      } catch (error) {
        await backend.stop();
        throw error;
      }
    })();
    proxyPairs.set(fixture, pair);
  }
  return pair;
}

/**
 * From now on, {@link useContractServer} serves through the remote proxy in front of the snapshot server; call at
 * the top of the test file. The pairs it starts are stopped after the file's tests.
 */
export function runContractsThroughProxy(): void {
  throughProxy = true;
  proxyDataDir = useTempDir('ledger-explorer-proxy-');
  // Registered after the folder's removal, so run before it (after-hooks run last registered first).
  afterAll(async () => {
    const pairs = await Promise.allSettled(proxyPairs.values());
    proxyPairs.clear();
    await Promise.all(
      pairs.flatMap((pair) => (pair.status === 'fulfilled' ? pair.value.processes.map((child) => child.stop()) : [])),
    );
  });
}

/**
 * Opens the fixture, starts the server before the file's tests, stops both after. Through the proxy,
 * `env.server` is `ledger-explorer serve --remote` (a real process) in front of `ledger-explorer serve
 * --snapshot` (another one), as issue 10's acceptance states; both serve the API only (an empty --ui). That pair is
 * the run's for the fixture (see {@link runContractsThroughProxy}): its cache carries over from file to file, as a
 * long-running proxy's does.
 */
export function useContractServer(fixture: FixtureName = 'main'): ContractEnv {
  const env = {} as ContractEnv;
  const proxied = throughProxy;
  let server: RunningHttpServer | undefined;
  beforeAll(async () => {
    env.store = SnapshotStore.open(fixturePath(fixture));
    env.info = snapshotInfo(env.store, 5);
    if (proxied) {
      env.server = { url: (await proxyPair(fixture)).url };
    } else {
      server = await startHttpServer({ handler: createReadService({ store: env.store }), port: 0 });
      env.server = server;
    }
  });
  afterAll(async () => {
    await server?.close();
    env.store?.close();
  });
  return env;
}

/** BCS accept header. */
export const BCS = { accept: 'application/x-bcs' } as const;

/** GET over real HTTP. */
export function get(env: ContractEnv, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${env.server.url}${path}`, { headers });
}

/** POST a JSON body (a string is sent as is) over real HTTP. */
export function post(
  env: ContractEnv,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${env.server.url}${path}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** GET and parse JSON, expecting 200. */
export async function getJson<T>(env: ContractEnv, path: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await get(env, path, headers);
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The body bytes of a response. */
export async function bytesOf(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

/** The seven ledger header name parts, with their value in the fixture's info. */
export function ledgerHeaderValues(info: SnapshotInfo): readonly (readonly [part: string, value: string])[] {
  return [
    ['Chain-Id', String(info.chainId)],
    ['Ledger-Version', info.latestVersion],
    ['Ledger-Oldest-Version', info.oldestVersion],
    ['Ledger-TimestampUsec', info.ledgerTimestampUsec],
    ['Epoch', info.epoch],
    ['Block-Height', info.blockHeight],
    ['Oldest-Block-Height', info.oldestBlockHeight],
  ];
}

/** Any header bag: a fetch `Headers` or node:http's lower-cased record. */
export type HeaderSource = Headers | Readonly<Record<string, string | string[] | undefined>>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Checks the seven ledger headers, in both spellings, against the latest ledger of the fixture. */
export function expectLedgerHeaders(headers: HeaderSource, info: SnapshotInfo): void {
  for (const [part, value] of ledgerHeaderValues(info)) {
    expect(header(headers, `X-Aptos-${part}`), `X-Aptos-${part}`).toBe(value);
    expect(header(headers, `X-NODE-${part.toUpperCase()}`), `X-NODE-${part.toUpperCase()}`).toBe(value);
  }
}

/** Checks that no ledger header is present (only when the ledger itself cannot be read). */
export function expectNoLedgerHeaders(headers: HeaderSource, info: SnapshotInfo): void {
  for (const [part] of ledgerHeaderValues(info)) {
    expect(header(headers, `X-Aptos-${part}`)).toBeUndefined();
    expect(header(headers, `X-NODE-${part.toUpperCase()}`)).toBeUndefined();
  }
}

/** Checks an error record body: exactly `{message: string, error_code, vm_error_code: null}`. */
export function expectRecord(body: unknown, code: string): string {
  expect(body).toEqual({ message: expect.any(String), error_code: code, vm_error_code: null });
  return (body as { message: string }).message;
}

/**
 * Checks an error response: status, JSON content type, the exact error record and the ledger
 * headers in both spellings (`info` undefined: the ledger cannot be read, so they are absent).
 */
export async function expectError(
  response: Response,
  status: number,
  code: string,
  info: SnapshotInfo | undefined,
): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const message = expectRecord(await response.json(), code);
  if (info !== undefined) expectLedgerHeaders(response.headers, info);
  return message;
}

/** {@link expectError} with the contract server's ledger. */
export function expectErrorRecord(env: ContractEnv, response: Response, status: number, code: string): Promise<string> {
  return expectError(response, status, code, env.info);
}

/** A path segment with the struct tag percent-encoded. */
export function encodeTag(tag: string): string {
  return encodeURIComponent(tag);
}

/** A response read with node:http (any method, Host or body; nothing normalised by fetch). */
export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
}

/** Sends one raw HTTP request (own socket) and reads the whole response. */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: OutgoingHttpHeaders; body?: Buffer | string | undefined },
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers ?? {},
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close the socket right after answering 413 while we still write.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (options.body !== undefined) {
      // Frame the body even for methods node:http would send unframed (DELETE, OPTIONS).
      const headers = options.headers ?? {};
      if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined)
        req.setHeader('content-length', Buffer.byteLength(options.body));
      req.write(options.body);
    }
    req.end();
  });
}

/** Checks a raw error response: status, content type, error record, ledger headers. */
export function expectRawError(response: RawResponse, status: number, code: string, info: SnapshotInfo): string {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expectLedgerHeaders(response.headers, info);
  return expectRecord(JSON.parse(response.body.toString('utf8')), code);
}

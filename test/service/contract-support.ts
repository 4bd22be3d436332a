/**
 * Shared setup of the contract tests: the read service over a generated snapshot (the shared
 * `main` fixture), served by the real HTTP adapter on 127.0.0.1, plus small fetch helpers.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { fixturePath } from '../support/fixture-path.ts';
import type { FixtureName } from '../support/fixtures.ts';

/** What a contract test file gets: the server, the store (read-only) and the fixture's samples. */
export interface ContractEnv {
  server: RunningHttpServer;
  store: SnapshotStore;
  info: SnapshotInfo;
}

/** Opens the fixture, starts the server before the file's tests, stops both after. */
export function useContractServer(fixture: FixtureName = 'main'): ContractEnv {
  const env = {} as ContractEnv;
  beforeAll(async () => {
    env.store = SnapshotStore.open(fixturePath(fixture));
    env.info = snapshotInfo(env.store, 5);
    env.server = await startHttpServer({ handler: createReadService({ store: env.store }), port: 0 });
  });
  afterAll(async () => {
    await env.server?.close();
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

/** POST a JSON body over real HTTP. */
export function post(env: ContractEnv, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${env.server.url}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** GET and parse JSON, expecting 200. */
export async function getJson<T>(env: ContractEnv, path: string): Promise<T> {
  const response = await get(env, path);
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The body bytes of a response. */
export async function bytesOf(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

/** Checks an error response: status, error record shape, ledger headers in both spellings. */
export async function expectErrorRecord(response: Response, status: number, code: string): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('x-aptos-ledger-version')).toMatch(/^\d+$/);
  expect(response.headers.get('x-node-ledger-version')).toBe(response.headers.get('x-aptos-ledger-version'));
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error_code', 'message', 'vm_error_code']);
  expect(body['error_code']).toBe(code);
  expect(body['vm_error_code']).toBeNull();
  return String(body['message']);
}

/** A path segment with the struct tag percent-encoded. */
export function encodeTag(tag: string): string {
  return encodeURIComponent(tag);
}

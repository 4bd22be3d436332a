/**
 * Helpers of the read-service unit tests: the service over the in-memory fake store, request
 * shortcuts and checks of the error record and the ledger headers.
 */
import { expect } from 'vitest';
import { createReadService } from '../../electron/service/read-service.ts';
import { createFakeStore, FAKE_LEDGER } from './fake-store.ts';

/** The service under test (unexpected errors are not logged). */
export const service = createReadService({ store: createFakeStore(), onUnexpectedError: () => undefined });
/** Accept header asking for BCS. */
export const BCS = { accept: 'application/x-bcs' };

/** GET through the handler. */
export function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return service(new Request(`http://127.0.0.1${path}`, { headers }));
}

/** POST a JSON body (or raw text) through the handler. */
export function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return service(new Request(`http://127.0.0.1${path}`, { method: 'POST', body: text, headers: { 'content-type': 'application/json', ...headers } }));
}

/** Checks status, error code and the exact error record shape; returns the record. */
export async function expectError(response: Response, status: number, code: string): Promise<{ message: string }> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = (await response.json()) as { message: string; error_code: string; vm_error_code: null };
  expect(body.error_code).toBe(code);
  expect(body.vm_error_code).toBeNull();
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body).sort()).toEqual(['error_code', 'message', 'vm_error_code']);
  return body;
}

/** Checks the seven ledger headers of the fake ledger, in both spellings. */
export function expectLedgerHeaders(response: Response): void {
  for (const [aptos, node, value] of [
    ['x-aptos-chain-id', 'x-node-chain-id', '4'],
    ['x-aptos-ledger-version', 'x-node-ledger-version', '100'],
    ['x-aptos-ledger-oldest-version', 'x-node-ledger-oldest-version', '10'],
    ['x-aptos-ledger-timestampusec', 'x-node-ledger-timestampusec', FAKE_LEDGER.ledgerTimestampUsec.toString()],
    ['x-aptos-epoch', 'x-node-epoch', '2'],
    ['x-aptos-block-height', 'x-node-block-height', '20'],
    ['x-aptos-oldest-block-height', 'x-node-oldest-block-height', '2'],
  ] as const) {
    expect(response.headers.get(aptos)).toBe(value);
    expect(response.headers.get(node)).toBe(value);
  }
}

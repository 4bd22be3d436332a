/**
 * The declaration runs the parameters (electron/service/declared-parameters.ts): each endpoint's path and query
 * parameters are parsed by their declared kinds and bounded by the declared minimum, maximum and default before the
 * handler runs; the error records are the ones params.ts has always given. Real declarations from the registry.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES, endpointNamed, ENDPOINTS } from '../../shared/api/registry.ts';
import { formatAddress } from '../../shared/address.ts';
import { formatStructTag } from '../../shared/type-tag.ts';
import { parseDeclaredPath, parseDeclaredQuery } from '../../electron/service/declared-parameters.ts';
import { ApiError } from '../../electron/service/http-errors.ts';

/** The status, code and message of the ApiError `fn` throws. */
function refusal(fn: () => unknown): { status: number; code: string; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.errorCode, message: error.message };
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('declared path parameters', () => {
  it('declares exactly the names of its pattern, for every endpoint', () => {
    for (const name of ENDPOINT_NAMES) {
      const endpoint = endpointNamed(name);
      const inPattern = [...endpoint.path.matchAll(/:([a-z_]+)/g)].map((match) => match[1]);
      expect(Object.keys(endpoint.params), name).toEqual(inPattern);
    }
  });

  it('parses each kind into its value', () => {
    const events = parseDeclaredPath(ENDPOINTS.eventsByHandle, {
      address: '0xA',
      event_handle: '0x1::account::Account',
      field_name: 'coin_register_events',
    });
    expect(formatAddress(events.address)).toBe('0xa');
    expect(formatStructTag(events.event_handle)).toBe('0x1::account::Account');
    expect(events.field_name).toBe('coin_register_events');
    expect(parseDeclaredPath(ENDPOINTS.transactionByVersion, { txn_version: '0007' }).txn_version).toBe(7n);
    const hash = parseDeclaredPath(ENDPOINTS.transactionByHash, { txn_hash: 'AB'.repeat(32) }).txn_hash;
    expect(hash).toEqual(new Uint8Array(32).fill(0xab));
    // `text` is left to the handler (a balance's asset type is its own parse, inside the view guard).
    expect(parseDeclaredPath(ENDPOINTS.accountBalance, { address: '0x1', asset_type: 'not a type' }).asset_type).toBe(
      'not a type',
    );
  });

  it('refuses what does not parse with the 400 records the handlers gave, in pattern order', () => {
    expect(refusal(() => parseDeclaredPath(ENDPOINTS.transactionByVersion, { txn_version: '1e3' }))).toEqual({
      status: 400,
      code: 'web_framework_error',
      message: 'failed to parse path parameter "txn_version": "1e3" is not a decimal u64',
    });
    expect(refusal(() => parseDeclaredPath(ENDPOINTS.transactionByHash, { txn_hash: '0x12' })).message).toBe(
      'failed to parse path parameter "txn_hash": "0x12" is not a 32-byte hex hash',
    );
    // Both bad: the address (first in the pattern) is the answer.
    const both = refusal(() => parseDeclaredPath(ENDPOINTS.resource, { address: 'zz', resource_type: '::' }));
    expect(both.message).toMatch(/^failed to parse path parameter "address"/);
  });
});

describe('declared query parameters', () => {
  it('fills defaults, clamps to the declared maximum, and leaves a node-settings limit to the handler', () => {
    expect(parseDeclaredQuery(ENDPOINTS.transactions, '')).toEqual({ start: undefined, limit: 25 });
    expect(parseDeclaredQuery(ENDPOINTS.transactions, '?start=5&limit=5000')).toEqual({ start: 5n, limit: 100 });
    expect(parseDeclaredQuery(ENDPOINTS.explorerAccounts, '?limit=0001').limit).toBe(1);
    expect(parseDeclaredQuery(ENDPOINTS.explorerAccounts, '').limit).toBe(100);
    expect(parseDeclaredQuery(ENDPOINTS.resources, '').limit).toBeUndefined();
    expect(parseDeclaredQuery(ENDPOINTS.resources, '?limit=60000').limit).toBe(60000);
  });

  it('refuses limit=0 where the minimum is 1, and keeps it where 0 is an empty page', () => {
    expect(refusal(() => parseDeclaredQuery(ENDPOINTS.eventsByCreationNumber, '?limit=0'))).toEqual({
      status: 400,
      code: 'invalid_input',
      message: 'Limit must be greater than 0',
    });
    expect(parseDeclaredQuery(ENDPOINTS.transactionSummaries, '?limit=0').limit).toBe(0);
    expect(refusal(() => parseDeclaredQuery(ENDPOINTS.transactionSummaries, '?limit=65536')).message).toBe(
      'failed to parse query parameter "limit": "65536" is out of range for u16',
    );
  });

  it('parses bools, addresses and cursors, and enforces a required parameter', () => {
    expect(parseDeclaredQuery(ENDPOINTS.blockByHeight, '?with_transactions=true').with_transactions).toBe(true);
    expect(parseDeclaredQuery(ENDPOINTS.blockByHeight, '?with_transactions=false').with_transactions).toBe(false);
    expect(parseDeclaredQuery(ENDPOINTS.blockByHeight, '').with_transactions).toBeUndefined();
    expect(refusal(() => parseDeclaredQuery(ENDPOINTS.blockByHeight, '?with_transactions=1')).message).toBe(
      'failed to parse query parameter "with_transactions": "1" is not a bool',
    );
    expect(formatAddress(parseDeclaredQuery(ENDPOINTS.explorerTables, '?after=0x1').after!)).toBe('0x1');
    expect(refusal(() => parseDeclaredQuery(ENDPOINTS.explorerTables, '?after=0xzz')).message).toMatch(
      /^failed to parse query parameter "after"/,
    );
    expect(refusal(() => parseDeclaredQuery(ENDPOINTS.resources, '?start=zz')).message).toBe(
      'failed to parse query parameter "start": "zz" is not a hex-encoded state key',
    );
    expect(refusal(() => parseDeclaredQuery(ENDPOINTS.explorerSearch, '?x=1'))).toEqual({
      status: 400,
      code: 'web_framework_error',
      message: 'failed to parse query parameter "q": it is required',
    });
    expect(parseDeclaredQuery(ENDPOINTS.explorerSearch, '?q=').q).toBe('');
  });

  it('ignores parameters the endpoint does not declare, and reads the first of a repeated one', () => {
    expect(parseDeclaredQuery(ENDPOINTS.account, '?limit=zz&start=zz&ledger_version=7&ledger_version=8')).toEqual({
      ledger_version: 7n,
    });
  });
});

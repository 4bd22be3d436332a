/**
 * The pure parts of shared/api/: the error record (built and parsed in one place) and building a
 * request path from an endpoint's pattern.
 */
import { describe, expect, it } from 'vitest';
import { pathOf, shownPath, type PathParams } from '../../shared/api/endpoint.ts';
import { ERROR_CODES, errorRecordJson, isErrorCode, parseErrorRecord } from '../../shared/api/error-record.ts';
import { ENDPOINTS, NOT_SERVED } from '../../shared/api/registry.ts';

describe('error record', () => {
  it('is the node record, byte for byte, in the node field order', () => {
    expect(errorRecordJson('no data source is open yet', 'internal_error')).toBe(
      '{"message":"no data source is open yet","error_code":"internal_error","vm_error_code":null}',
    );
  });

  it('parses records of our service and of nodes, and refuses what is not one', () => {
    expect(parseErrorRecord({ message: 'm', error_code: 'vm_error', vm_error_code: 4016 })).toEqual({
      message: 'm',
      error_code: 'vm_error',
      vm_error_code: 4016,
    });
    expect(parseErrorRecord({ message: 'm', error_code: 'a_code_of_a_newer_node', extra: 1 })).toEqual({
      message: 'm',
      error_code: 'a_code_of_a_newer_node',
      vm_error_code: null,
    });
    for (const bad of [null, 'text', [], { message: 'm' }, { error_code: 'x' }, { message: 1, error_code: 'x' }])
      expect(parseErrorRecord(bad)).toBeUndefined();
    expect(parseErrorRecord({ message: 'm', error_code: 'x', vm_error_code: 'one' })).toBeUndefined();
  });

  it('knows the node codes and nothing else', () => {
    expect(ERROR_CODES.every(isErrorCode)).toBe(true);
    expect(isErrorCode('network_error')).toBe(false);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});

describe('endpoint paths', () => {
  it('fills path parameters percent-encoded into their segments', () => {
    const params: PathParams<typeof ENDPOINTS.resource.path> = {
      address: '0x1',
      resource_type: '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>',
    };
    expect(pathOf(ENDPOINTS.resource.path, params)).toBe(
      '/v1/accounts/0x1/resource/0x1%3A%3Acoin%3A%3ACoinStore%3C0x1%3A%3Aaptos_coin%3A%3AAptosCoin%3E',
    );
    expect(pathOf(ENDPOINTS.eventsByHandle.path, { address: '0xa', event_handle: 'a/b', field_name: 'f' })).toBe(
      '/v1/accounts/0xa/events/a%2Fb/f',
    );
    expect(pathOf(ENDPOINTS.ledgerInfo.path, {})).toBe('/v1');
    expect(() => pathOf('/v1/accounts/:address' as string, {} as PathParams<string>)).toThrow(/address/);
  });

  it('shows patterns as the node documents them', () => {
    expect(shownPath(ENDPOINTS.accountModule.path)).toBe('/v1/accounts/{address}/module/{module_name}');
    expect(NOT_SERVED.map((endpoint) => shownPath(endpoint.path))).toContain('/v1/transactions/encode_submission');
    expect(shownPath(ENDPOINTS.transactionByHash.path)).toBe('/v1/transactions/by_hash/{txn_hash}');
  });
});

/**
 * Error messages say each thing once and name parameters by where they come from: a bad path
 * parameter as a path parameter, a bad query parameter as a query parameter.
 */
import { describe, expect, it } from 'vitest';
import { expectErrorRecord, get, useContractServer } from './contract-support.ts';

const env = useContractServer('small');

async function messageOf(path: string): Promise<string> {
  return expectErrorRecord(env, await get(env, path), 400, 'web_framework_error');
}

describe('parameter error messages', () => {
  it('do not repeat the codec message', async () => {
    const message = await messageOf('/v1/accounts/zz/resources');
    expect(message).toBe(
      'failed to parse path parameter "address": invalid address "zz": expected optional 0x and 1 to 64 hex digits',
    );
    expect(message.match(/invalid address/g)).toHaveLength(1);
  });

  it('name query parameters as query parameters and path parameters as path parameters', async () => {
    expect(await messageOf('/explorer/v1/accounts?after=zz')).toMatch(
      /^failed to parse query parameter "after": invalid address "zz"/,
    );
    expect(await messageOf('/v1/accounts/0x1/resources?ledger_version=x')).toMatch(
      /^failed to parse query parameter "ledger_version": "x" is not a decimal u64/,
    );
    expect(await messageOf('/v1/accounts/0x1/resources?limit=-1')).toMatch(/^failed to parse query parameter "limit"/);
    expect(await messageOf('/v1/accounts/0x1/resources?start=zz')).toMatch(/^failed to parse query parameter "start"/);
    expect(await messageOf('/explorer/v1/blocks?before=1.5')).toMatch(/^failed to parse query parameter "before"/);
    expect(await messageOf('/explorer/v1/search')).toMatch(/^failed to parse query parameter "q"/);
    expect(await messageOf('/v1/accounts/0x1/events/x')).toMatch(/^failed to parse path parameter "creation_number"/);
  });
});

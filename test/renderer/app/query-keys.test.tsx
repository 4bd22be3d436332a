/**
 * Query keys carry the concrete version an answer belongs to (also for endpoints that take none),
 * and a read made without a version is never served again from the cache as fresh. Answers come
 * from the real read service.
 */
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { moduleAbiQuery } from '../../../renderer/api/queries/table-queries.ts';
import { eventsQuery } from '../../../renderer/api/queries/events-queries.ts';
import { transactionsQuery } from '../../../renderer/api/queries/transactions-queries.ts';
import { eventStreamsQuery, explorerTablesQuery } from '../../../renderer/api/queries/explorer-queries.ts';
import { recentBlocksQuery } from '../../../renderer/api/queries/gas-queries.ts';
import { UNVERSIONED } from '../../../renderer/api/query-keys.ts';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';

describe('query keys', () => {
  it('carry the version the view reads at, also where the endpoint takes none', () => {
    const version = '12345';
    const keys = [
      eventsQuery('0x1', { kind: 'creation_number', creationNumber: '0' }, undefined, version).queryKey,
      transactionsQuery('0x1', {}, version).queryKey,
      explorerTablesQuery(version, 20).queryKey,
      eventStreamsQuery(version, 10).queryKey,
      recentBlocksQuery(version).queryKey,
      moduleAbiQuery('0x1', 'coin', version).queryKey,
    ];
    for (const key of keys) expect(key).toContain(version);
    expect(keys.flat()).not.toContain('latest');
  });

  it('never serve a module ABI read without a version from the cache, but do serve a versioned one', async () => {
    const fixture = serviceFixture('small');
    const restore = routeFetchInto(fixture);
    try {
      const client = createQueryClient();
      const abiRequests = (): number =>
        fixture.requests.filter((request) => request.startsWith('GET /v1/accounts/0x1/module/coin')).length;
      const before = abiRequests();
      const unversioned = moduleAbiQuery('0x1', 'coin', undefined);
      expect(unversioned.queryKey).toContain(UNVERSIONED);
      expect((await client.fetchQuery(unversioned))?.name).toBe('coin');
      await client.fetchQuery(unversioned);
      expect(abiRequests() - before).toBe(2);
      const versioned = moduleAbiQuery('0x1', 'coin', fixture.info.latestVersion);
      await client.fetchQuery(versioned);
      await client.fetchQuery(versioned);
      expect(abiRequests() - before).toBe(3);
    } finally {
      restore();
    }
  });
});

/**
 * Query keys carry the concrete version an answer belongs to (also for endpoints that take none),
 * and a read made without a version is never served again from the cache as fresh. Answers come
 * from the real read service.
 */
import { describe, expect, it } from 'vitest';
import { skipToken } from '@tanstack/react-query';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { moduleAbiQuery } from '../../../renderer/api/queries/table-queries.ts';
import { eventsQuery } from '../../../renderer/api/queries/events-queries.ts';
import { transactionsQuery } from '../../../renderer/api/queries/transactions-queries.ts';
import { eventStreamsQuery, explorerTablesQuery } from '../../../renderer/api/queries/explorer-queries.ts';
import { recentBlocksQuery } from '../../../renderer/api/queries/gas-queries.ts';
import { resourcesQuery } from '../../../renderer/api/queries/account-queries.ts';
import { keyParts, UNVERSIONED } from '../../../renderer/api/query-keys.ts';
import { accountQuery } from '../../../renderer/api/queries/account-queries.ts';
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
    const parts = keys.map((key) => Object.values(keyParts(key)?.parts ?? {}));
    for (const values of parts) expect(values).toContain(version);
    expect(parts.flat()).not.toContain('latest');
  });

  it('name their parts, so a key of another shape is not read as one of ours', () => {
    expect(keyParts(resourcesQuery('0x1', '7', 25).queryKey)).toEqual({
      domain: 'resources',
      parts: { address: '0x1', version: '7', pageSize: 25, paging: 'pages' },
    });
    expect(keyParts(['other-app', 'resources', { address: '0x1' }])).toBeUndefined();
    expect(keyParts(['ledger-explorer', 'resources', '0x1'])).toBeUndefined();
  });

  it('keep the previous rows only while the parts the view depends on are the same', () => {
    const rows = { pages: [], pageParams: [] };
    const keep = (next: { placeholderData?: unknown }, previousKey: readonly unknown[]): unknown =>
      (next.placeholderData as (data: unknown, query: { queryKey: readonly unknown[] }) => unknown)(rows, {
        queryKey: previousKey,
      });
    // Resources: the same account keeps its rows across versions and page sizes, another account never.
    const resources = resourcesQuery('0x1', '8', 100);
    expect(keep(resources, resourcesQuery('0x1', '7', 25).queryKey)).toBe(rows);
    expect(keep(resources, resourcesQuery('0x2', '8', 100).queryKey)).toBeUndefined();
    // Events and transactions: only another page size keeps them.
    const stream = { kind: 'creation_number', creationNumber: '2' } as const;
    const events = eventsQuery('0x1', stream, undefined, '8', 50);
    expect(keep(events, eventsQuery('0x1', stream, undefined, '8', 100).queryKey)).toBe(rows);
    expect(keep(events, eventsQuery('0x1', stream, undefined, '7', 50).queryKey)).toBeUndefined();
    const other = { kind: 'creation_number', creationNumber: '3' } as const;
    expect(keep(events, eventsQuery('0x1', other, undefined, '8', 50).queryKey)).toBeUndefined();
    expect(keep(events, eventsQuery('0x1', stream, '10', '8', 50).queryKey)).toBeUndefined();
    const handle = { kind: 'field', struct: '0x1::account::Account', field: 'coin_register_events' } as const;
    expect(keep(events, eventsQuery('0x1', handle, undefined, '8', 50).queryKey)).toBeUndefined();
    const transactions = transactionsQuery('0x1', { from: '5' }, '8', 20);
    expect(keep(transactions, transactionsQuery('0x1', { from: '5' }, '8', 50).queryKey)).toBe(rows);
    expect(keep(transactions, transactionsQuery('0x1', { from: '6' }, '8', 20).queryKey)).toBeUndefined();
    expect(keep(transactions, transactionsQuery('0x1', { from: '5', at: '7' }, '8', 20).queryKey)).toBeUndefined();
    // A key of another domain with the same parts is not the same view.
    expect(keep(transactions, accountQuery('0x1', '8').queryKey)).toBeUndefined();
  });

  it('skip a query whose address or version is not known yet, instead of asking with a stand-in', () => {
    expect(resourcesQuery(undefined, '8', 25).queryFn).toBe(skipToken);
    expect(resourcesQuery('0x1', undefined, 25).queryFn).toBe(skipToken);
    expect(resourcesQuery('0x1', '8', 25).queryFn).not.toBe(skipToken);
    expect(transactionsQuery('0x1', {}, undefined).queryFn).toBe(skipToken);
    // A reversed range can hold nothing: it is not asked either.
    expect(transactionsQuery('0x1', { from: '9', to: '3' }, '12').queryFn).toBe(skipToken);
    expect(transactionsQuery('0x1', { from: '3', to: '9' }, '12').queryFn).not.toBe(skipToken);
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
      expect(keyParts(unversioned.queryKey)?.parts.version).toBe(UNVERSIONED);
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

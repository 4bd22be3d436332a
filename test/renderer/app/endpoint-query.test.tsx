/**
 * Query keys are built from the endpoint's declaration (renderer/api/endpoint-query.ts): the domain is the
 * endpoint's declared name, and every part that changes the request changes the key, so no two reads share a cache
 * entry and a key cannot disagree with what it fetched. The requests are checked against the real read service,
 * and a pinned page opened a second time is drawn from the cache without asking again.
 */
import { describe, expect, it } from 'vitest';
import { hashKey } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { Endpoint } from '../../../shared/api/endpoint.ts';
import { ENDPOINT_NAMES, ENDPOINTS, type EndpointName } from '../../../shared/api/registry.ts';
import {
  endpointInfiniteQuery,
  endpointKey,
  endpointQuery,
  type EndpointRead,
  type ReadAt,
} from '../../../renderer/api/endpoint-query.ts';
import { DERIVED_KEYS, keyParts } from '../../../renderer/api/query-keys.ts';
import { graphqlKey } from '../../../renderer/api/graphql.ts';
import { accountQuery, modulesQuery } from '../../../renderer/api/queries/account-queries.ts';
import { resourceAtQuery, resourceBytesAtQuery } from '../../../renderer/api/queries/change-queries.ts';
import {
  balanceQuery,
  blockByVersionQuery,
  transactionQuery,
} from '../../../renderer/api/queries/transaction-queries.ts';
import { eventStreamsQuery } from '../../../renderer/api/queries/explorer-queries.ts';
import { moduleAbiQuery } from '../../../renderer/api/queries/table-queries.ts';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { renderApp } from '../support/render-app.tsx';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';

/** A read of `name` with every path parameter set, optionally with one part changed. */
function readOf(name: EndpointName, change: Partial<EndpointRead<Endpoint>> = {}): EndpointRead<Endpoint> {
  const endpoint: Endpoint = ENDPOINTS[name];
  const path = Object.fromEntries(Object.keys(endpoint.params).map((param) => [param, `p-${param}`]));
  // An endpoint with a path parameter named `version` is immutable by its path (a version's facts, its block).
  const at: ReadAt = 'version' in endpoint.params ? 'immutable' : { version: '7' };
  return { path, at, ...(endpoint.body === undefined ? {} : { body: { probe: 1 } as never }), ...change };
}

function keyOf(name: EndpointName, read: EndpointRead<Endpoint>): string {
  return hashKey(endpointKey(ENDPOINTS[name] as Endpoint, read));
}

describe('queries built from the endpoint registry', () => {
  it('key each endpoint by its declared name, so two endpoints never share a key', () => {
    const keys = ENDPOINT_NAMES.map((name) => endpointKey(ENDPOINTS[name] as Endpoint, readOf(name)));
    expect(keys.map((key) => key[1])).toEqual(ENDPOINT_NAMES);
    expect(new Set(keys.map((key) => hashKey(key))).size).toBe(ENDPOINT_NAMES.length);
    // The few keys that are no one endpoint's read have domains of their own.
    const derived = [
      DERIVED_KEYS.allResources('0x1', '7'),
      DERIVED_KEYS.activityFloor('0x1', '7'),
      DERIVED_KEYS.moveLayout('u64', '7'),
      DERIVED_KEYS.moduleSource('0x1', 'coin', '7'),
    ].map((key) => key[1]);
    for (const domain of derived) expect(ENDPOINT_NAMES).not.toContain(domain);
    expect(graphqlKey('query Probe($a: Int!) { x }', { a: 1 }, '7')[1]).toBe('graphql');
  });

  it('change the key with every part that changes the request', () => {
    let checked = 0;
    for (const name of ENDPOINT_NAMES) {
      const endpoint: Endpoint = ENDPOINTS[name];
      const base = readOf(name);
      const before = keyOf(name, base);
      const differs = (change: Partial<EndpointRead<Endpoint>>): void => {
        expect(keyOf(name, { ...base, ...change }), `${name} ${JSON.stringify(change)}`).not.toBe(before);
        checked += 1;
      };
      for (const param of Object.keys(endpoint.params))
        differs({ path: { ...(base.path as object), [param]: `other-${param}` } as never });
      for (const param of Object.keys(endpoint.query)) {
        if (param === 'ledger_version') continue;
        differs({ query: { [param]: '1' } as never });
        expect(keyOf(name, { ...base, query: { [param]: '1' } as never })).not.toBe(
          keyOf(name, { ...base, query: { [param]: '2' } as never }),
        );
      }
      if (base.at !== 'immutable') {
        differs({ at: { version: '8' } });
        differs({ at: 'unversioned' });
      }
      if (endpoint.bcs !== undefined) differs({ accept: 'bcs' });
      if (endpoint.body !== undefined) differs({ body: { probe: 2 } as never });
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('keep a paged read apart from a one-shot read of the same parts (their cached shapes differ)', () => {
    const read = { query: { limit: 10 }, at: { version: '7' } } as const;
    const once = endpointQuery(ENDPOINTS.explorerTables, read).queryKey;
    const paged = endpointInfiniteQuery(ENDPOINTS.explorerTables, read, {
      page: (fetchPage, after: string | null) => fetchPage({ after: after ?? undefined }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.body.next,
    }).queryKey;
    expect(hashKey(paged)).not.toBe(hashKey(once));
  });

  it('key GraphQL by the operation its text names, its variables and the version', () => {
    const text = 'query Probe($a: Int!) { x }';
    const key = graphqlKey(text, { a: 1 }, '7');
    expect(keyParts(key)?.parts).toEqual({ operation: 'Probe', variables: '{"a":1}', version: '7' });
    expect(hashKey(graphqlKey(text, { a: 2 }, '7'))).not.toBe(hashKey(key));
    expect(hashKey(graphqlKey(text, { a: 1 }, '8'))).not.toBe(hashKey(key));
    expect(hashKey(graphqlKey('query Other($a: Int!) { x }', { a: 1 }, '7'))).not.toBe(hashKey(key));
    expect(() => graphqlKey('{ x }', {}, '7')).toThrow(/names its operation/);
  });

  it('refuse a part named twice and a parameter the endpoint does not declare', () => {
    const explorerVersion = ENDPOINTS.explorerVersion as Endpoint;
    expect(() => endpointKey(explorerVersion, { path: { version: '5' }, at: { version: '5' } })).toThrow(/twice/);
    const account = ENDPOINTS.account as Endpoint;
    expect(() => endpointKey(account, { path: { address: '0x1' }, query: { limit: '5' }, at: 'immutable' })).toThrow(
      /not a declared parameter/,
    );
    expect(() =>
      endpointKey(account, { path: { address: '0x1' }, query: { ledger_version: '5' }, at: 'immutable' }),
    ).toThrow(/not a declared parameter/);
  });

  it('send exactly the request its key names (the real read service)', async () => {
    const fixture = serviceFixture('small');
    const restore = routeFetchInto(fixture);
    try {
      const client = createQueryClient();
      const version = fixture.info.latestVersion;
      const queries = [
        accountQuery('0x1', version),
        modulesQuery('0x1', version),
        resourceAtQuery('0x1', '0x1::account::Account', version),
        resourceBytesAtQuery('0x1', '0x1::account::Account', version),
        balanceQuery('0x1', '0x1::aptos_coin::AptosCoin', version),
        moduleAbiQuery('0x1', 'coin', version),
        transactionQuery(version),
        blockByVersionQuery(version),
        eventStreamsQuery(version, 5),
      ];
      for (const query of queries) {
        const from = fixture.requests.length;
        await client.fetchQuery(query as Parameters<typeof client.fetchQuery>[0]);
        const sent = fixture.requests.slice(from);
        expect(sent).toHaveLength(1);
        const [method, target] = sent[0]!.split(' ') as [string, string];
        const url = new URL(target, 'http://origin');
        const key = keyParts(query.queryKey)!;
        const endpoint: Endpoint = ENDPOINTS[key.domain as EndpointName];
        expect(method).toBe(endpoint.method);
        // The path is the declared pattern filled with the key's path parameters.
        const pattern = endpoint.path.replace(/:([a-z_]+)/g, (_, name: string) =>
          encodeURIComponent(String(key.parts[name])),
        );
        expect(url.pathname).toBe(pattern);
        // Each query parameter sent is a part of the key (`ledger_version` as `version`), and no part is left out.
        for (const [name, value] of url.searchParams)
          expect(value).toBe(String(name === 'ledger_version' ? key.parts.version : key.parts[name]));
        for (const name of Object.keys(endpoint.query))
          if (name !== 'ledger_version' && key.parts[name] !== undefined)
            expect(url.searchParams.get(name)).toBe(String(key.parts[name]));
        if ('ledger_version' in endpoint.query) expect(url.searchParams.get('ledger_version')).toBe(version);
      }
    } finally {
      restore();
    }
  });

  it('draws a pinned page opened a second time from the cache, asking nothing at its version again', async () => {
    const first = renderApp('/');
    const { fixture, queryClient } = first;
    const sender = fixture.info.samples.senders[0]!.address;
    const pin = (BigInt(fixture.info.oldestVersion) + 10n).toString();
    first.unmount();
    window.history.replaceState(null, '', `/accounts/${sender}/resources?ledger_version=${pin}`);
    const opened = render(<App queryClient={queryClient} />);
    await screen.findByRole('table', { name: 'Resources' });
    const pinned = (): string[] => fixture.requests.filter((request) => request.includes(`ledger_version=${pin}`));
    expect(pinned().length).toBeGreaterThan(0);
    const asked = pinned().length;
    opened.unmount();
    window.history.replaceState(null, '', `/accounts/${sender}/resources?ledger_version=${pin}`);
    render(<App queryClient={queryClient} />);
    await screen.findByRole('table', { name: 'Resources' });
    expect(pinned()).toHaveLength(asked);
  });
});

/**
 * Data requested with the route (renderer/app/route-prefetch.ts), over the real read service: the page the app opens
 * on asks for its first data before the app renders — the resources tab's first page beside `GET /v1` (not after
 * it), a transaction and its befores at V − 1 — and the rendered panels then find those answers and ask nothing
 * twice.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { prefetchRoute } from '../../../renderer/app/route-prefetch.ts';
import { largestTransaction } from '../../bench/ui-bench-transaction.ts';
import { fixturePath } from '../../support/fixture-path.ts';
import { interceptFetch, serviceFixture } from '../support/service-fetch.ts';
import { errorRecordJson } from '../../../shared/api/error-record.ts';

/**
 * Routes fetch into the main fixture's service and records the order requests were sent and answered in;
 * `withoutExplorer`: `/explorer/*` answers the 404 of a node without the explorer API.
 */
function tracedService(withoutExplorer = false): { readonly events: string[]; readonly requests: string[] } {
  const fixture = serviceFixture('main');
  const events: string[] = [];
  interceptFetch(fixture, async (url, forward) => {
    const name = `${url.pathname}${url.search}`;
    events.push(`sent ${name}`);
    if (withoutExplorer && url.pathname.startsWith('/explorer/')) {
      fixture.requests.push(`GET ${name}`);
      events.push(`answered ${name}`);
      return new Response(errorRecordJson('Not Found', 'web_framework_error'), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    const response = await forward();
    events.push(`answered ${name}`);
    return response;
  });
  return { events, requests: fixture.requests };
}

describe('data requested with the route', () => {
  it("reads the resources tab's first page beside GET /v1, and the tab asks for it no more", async () => {
    const { events, requests } = tracedService();
    const client = createQueryClient();
    window.history.replaceState(null, '', '/accounts/0x1');
    prefetchRoute(client, window.location);
    // Both are on their way before either is answered: one round trip, not two in a row.
    await waitFor(() => expect(events).toContain('sent /v1/accounts/0x1/resources?limit=100'));
    const first = events.indexOf('sent /v1/accounts/0x1/resources?limit=100');
    expect(events.indexOf('sent /v1')).toBeGreaterThanOrEqual(0);
    expect(events.slice(0, first).some((event) => event.startsWith('answered'))).toBe(false);
    render(<App queryClient={client} />);
    const table = await screen.findByRole('table', { name: 'Resources' }, { timeout: 10_000 });
    await waitFor(() => expect(table.querySelectorAll('[role="row"][aria-rowindex]').length).toBeGreaterThan(1));
    expect(requests.filter((line) => line.includes('/v1/accounts/0x1/resources'))).toEqual([
      'GET /v1/accounts/0x1/resources?limit=100',
    ]);
  });

  it('asks nothing but the ledger for paths that name no account, transaction or asset, and never throws', () => {
    const { requests } = tracedService();
    const client = createQueryClient();
    for (const pathname of ['/accounts/not-an-address', '/txn/abc', '/assets/%E0%A4%A', '/blocks', '/'])
      expect(() => prefetchRoute(client, { pathname, search: '' })).not.toThrow();
    return waitFor(() => expect(requests).toEqual(['GET /v1']));
  });

  it('reads a transaction and its changes in one explorer read before the page renders, none per change', async () => {
    const { requests } = tracedService();
    const { version } = largestTransaction(fixturePath('main'));
    const client = createQueryClient();
    prefetchRoute(client, { pathname: `/txn/${version}`, search: '' });
    const changes = `GET /explorer/v1/transactions/by_version/${version}/changes?start=0&limit=1000`;
    await waitFor(() => expect(requests).toContain(changes));
    await waitFor(() => expect(requests).toContain(`GET /v1/transactions/by_version/${version}`));
    const sent = requests.length;
    window.history.replaceState(null, '', `/txn/${version}`);
    render(<App queryClient={client} />);
    await waitFor(() => expect(document.querySelector('[data-changes-ready="true"]')).not.toBeNull(), {
      timeout: 10_000,
    });
    // The page found the transaction and its changes: it asked neither again, and read no resource at V − 1.
    const again = requests.slice(sent);
    expect(again.filter((line) => line.includes('/transactions/by_version/'))).toEqual([]);
    const before = `ledger_version=${BigInt(version) - 1n}`;
    expect(requests.filter((line) => line.includes('/resource/') && line.endsWith(before))).toEqual([]);
  });

  it('reads a transaction and its befores at V − 1 before the page is rendered, over a node', async () => {
    const { requests } = tracedService(true);
    const { version } = largestTransaction(fixturePath('main'));
    const client = createQueryClient();
    prefetchRoute(client, { pathname: `/txn/${version}`, search: '' });
    const before = `ledger_version=${BigInt(version) - 1n}`;
    await waitFor(() =>
      expect(requests.filter((line) => line.includes('/resource/') && line.endsWith(before)).length).toBeGreaterThan(0),
    );
    expect(requests).toContain(`GET /v1/transactions/by_version/${version}`);
    const sent = requests.length;
    window.history.replaceState(null, '', `/txn/${version}`);
    render(<App queryClient={client} />);
    await waitFor(() => expect(document.querySelector('[data-changes-ready="true"]')).not.toBeNull(), {
      timeout: 10_000,
    });
    // The page found the transaction and the befores read: it asked neither again.
    const again = requests.slice(sent);
    expect(again.filter((line) => line.includes('/transactions/by_version/'))).toEqual([]);
    const prefetched = new Set(requests.slice(0, sent).filter((line) => line.includes('/resource/')));
    expect(again.filter((line) => prefetched.has(line))).toEqual([]);
  });
});

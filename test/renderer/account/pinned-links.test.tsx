/**
 * Links keep the pinned version: the `events (N)` link of an event handle inside a resource opens the stream at
 * the same version, where it lists exactly the N events the handle counted then (not the latest page), and the
 * value links of Move JSON (accounts, tables, object references, stores) carry `ledger_version`.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { EventJson, JsonValue, MoveResourceJson } from '../../../renderer/api/types.ts';
import { eventHandleOf, moveValueLinks } from '../../../renderer/lib/value-links.ts';

/** The resource type and counter of the handle of stream (address, creation number) in `resources`, if any. */
function handleIn(
  resources: readonly MoveResourceJson[],
  address: string,
  creationNumber: string,
): { type: string; counter: string } | undefined {
  const visit = (value: JsonValue): string | undefined => {
    const handle = eventHandleOf(value);
    if (handle && handle.address === address && handle.creationNumber === creationNumber) return handle.counter;
    if (typeof value !== 'object' || value === null) return undefined;
    for (const child of Object.values(value)) {
      const found = visit(child);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  for (const resource of resources) {
    const counter = visit(resource.data as JsonValue);
    if (counter !== undefined) return { type: resource.type, counter };
  }
  return undefined;
}

describe('links keep the pin', () => {
  it('puts ledger_version on every link of Move JSON', () => {
    const links = moveValueLinks('94');
    const hrefOf = (link: ReturnType<typeof links>): string =>
      typeof link === 'string' ? link : (link?.href ?? 'none');
    const handle = { counter: '3', guid: { id: { addr: '0xa', creation_num: '2' } } };
    expect(hrefOf(links(['coin', 'deposit_events'], handle))).toBe('/accounts/0xa/events/2?ledger_version=94');
    expect(hrefOf(links(['badge', 'inner'], '0xbeef'))).toBe('/accounts/0xbeef?ledger_version=94');
    expect(hrefOf(links(['store'], '0xbeef'))).toBe('/accounts/0xbeef?ledger_version=94');
    expect(hrefOf(links(['table', 'handle'], '0xbeef'))).toBe('/tables/0xbeef?ledger_version=94');
    expect(hrefOf(moveValueLinks(undefined)(['owner'], '0xbeef'))).toBe('/accounts/0xbeef');
  });

  it("an event handle's events (N) link opens the stream at the pin, listing the N events it counted", async () => {
    const fixture = serviceFixture('main');
    const stream = [...fixture.info.samples.eventStreams].sort((a, b) => Number(b.count) - Number(a.count))[0]!;
    const path = `/v1/accounts/${stream.address}/events/${stream.creationNumber}`;
    const restore = routeFetchInto(fixture);
    const newest = (await requestJson<EventJson[]>(path, { query: { limit: 100 } })).body;
    const pin = newest.at(-20)!.version;
    const resources = (
      await requestJson<MoveResourceJson[]>(`/v1/accounts/${stream.address}/resources`, {
        query: { ledger_version: pin, limit: 9999 },
      })
    ).body;
    restore();
    const held = handleIn(resources, stream.address, stream.creationNumber);
    expect(held).toBeDefined();
    const { type, counter } = held!;
    // The latest count is larger: a link dropping the pin would show more events than it said.
    expect(BigInt(counter)).toBeLessThan(BigInt(stream.count));

    const { user } = renderApp(
      `/accounts/${stream.address}/resources?ledger_version=${pin}#${encodeURIComponent(type)}`,
    );
    const tree = await screen.findByRole('group', { name: 'JSON data' });
    await user.click(within(tree).getByRole('button', { name: 'Expand all' }));
    const link = within(tree)
      .getAllByRole('link', { name: `events (${counter})` })
      .find((candidate) => candidate.getAttribute('href')?.includes(`/events/${stream.creationNumber}?`));
    expect(link).toBeDefined();
    await user.click(link!);
    await waitFor(() =>
      expect(window.location.pathname).toBe(`/accounts/${stream.address}/events/${stream.creationNumber}`),
    );
    expect(new URLSearchParams(window.location.search).get('ledger_version')).toBe(pin);
    const table = await screen.findByRole('table', { name: 'Events' });
    const first = within(table).getAllByRole('button', { name: /^(Expand|Collapse) event / })[0]!;
    // Sequence numbers start at 0: a handle that counted N events has N − 1 as its newest.
    await waitFor(() => expect(first.getAttribute('aria-label')).toBe(`Expand event ${BigInt(counter) - 1n}`));
  });
});

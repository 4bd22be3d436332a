/**
 * The anchored latest version on a moving source. The source is the real read service over the
 * `main` fixture; only `GET /v1` is changed at the fetch boundary so the ledger first reports an
 * older latest version (A) and then moves to the fixture's real latest (L), as a live node would.
 * An unpinned view keeps reading at A (its requests and keys carry A) until the user moves it; a
 * new view takes the newest anchor; a pinned view never offers to move.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import { ledgerQuery } from '../../../renderer/api/queries/ledger-queries.ts';
import type { EventJson } from '../../../renderer/api/types.ts';
import { interceptFetch, routeFetchInto, serviceFixture, type ServiceFixture } from '../support/service-fetch.ts';

/** A ledger whose reported latest version the test moves. */
interface MovingLedger {
  latest: string;
}

/** Routes fetch into the service, reporting `ledger.latest` as `GET /v1`'s ledger_version. */
function routeMoving(fixture: ServiceFixture, ledger: MovingLedger): void {
  interceptFetch(fixture, async (url, forward) => {
    const response = await forward();
    if (url.pathname !== '/v1') return response;
    const body = { ...((await response.json()) as Record<string, unknown>), ledger_version: ledger.latest };
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  });
}

/** The busiest sampled stream, and a version A at which some of its newest events are still to come. */
async function streamAndAnchor(fixture: ServiceFixture) {
  const stream = [...fixture.info.samples.eventStreams].sort((a, b) => Number(b.count) - Number(a.count))[0]!;
  const unroute = routeFetchInto(fixture);
  const newest = (
    await requestJson<EventJson[]>(`/v1/accounts/${stream.address}/events/${stream.creationNumber}`, {
      query: { limit: 5 },
    })
  ).body;
  unroute();
  const anchor = newest[0]!.version;
  expect(BigInt(anchor)).toBeGreaterThanOrEqual(BigInt(fixture.info.oldestVersion));
  expect(BigInt(anchor)).toBeLessThan(BigInt(fixture.info.latestVersion));
  return {
    stream,
    anchor,
    later: newest.filter((event) => BigInt(event.version) > BigInt(anchor)).length,
    atAnchor: newest.filter((event) => BigInt(event.version) <= BigInt(anchor)).at(-1)!.sequence_number,
    top: newest.at(-1)!.sequence_number,
  };
}

function renderMoving(path: string, ledger: MovingLedger) {
  const fixture = serviceFixture('main');
  // The fixture is shared by the file's tests: only this render's requests are checked.
  fixture.requests.length = 0;
  routeMoving(fixture, ledger);
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  render(<App queryClient={queryClient} />);
  return {
    fixture,
    queryClient,
    user,
    moveLedger: async (latest: string) => {
      ledger.latest = latest;
      await queryClient.refetchQueries({ queryKey: ledgerQuery().queryKey });
    },
  };
}

const field = (): HTMLInputElement => screen.getByRole('spinbutton', { name: 'Ledger version' });

/**
 * A sender's account opened while the ledger reports version A (its anchor), after which the ledger
 * moves to the fixture's latest L and the view offers "Show version L".
 */
async function openBehind() {
  const fixture = serviceFixture('main');
  const { anchor } = await streamAndAnchor(fixture);
  const latest = fixture.info.latestVersion;
  const sender = fixture.info.samples.senders[0]!.address;
  const rendered = renderMoving(`/accounts/${sender}`, { latest: anchor });
  await waitFor(() => expect(field().value).toBe(anchor));
  await rendered.moveLedger(latest);
  await screen.findByRole('button', { name: `Show version ${latest}` });
  return { ...rendered, anchor, latest, sender };
}

describe('anchored latest version', () => {
  it('keeps an unpinned view at its opening version, offers the newer one, and moves only when asked', async () => {
    const fixture = serviceFixture('main');
    const { anchor } = await streamAndAnchor(fixture);
    const latest = fixture.info.latestVersion;
    const sender = fixture.info.samples.senders[0]!.address;
    const { user, moveLedger } = renderMoving(`/accounts/${sender}`, { latest: anchor });
    await screen.findByRole('table', { name: /resources/i });
    await waitFor(() => expect(field().value).toBe(anchor));
    const resourceRequests = (): string[] =>
      fixture.requests.filter((request) => request.startsWith(`GET /v1/accounts/${sender}/resources`));
    expect(resourceRequests().every((request) => request.includes(`ledger_version=${anchor}`))).toBe(true);

    fixture.requests.length = 0;
    await moveLedger(latest);
    const notice = (await screen.findByRole('button', { name: `Show version ${latest}` })).closest('[role="status"]');
    expect(notice?.textContent).toContain(`Newer version ${latest} available`);
    expect(notice?.getAttribute('title')).toContain(`reads at version ${anchor}`);
    // The view did not move: no state was read at the new latest, the field still shows the anchor.
    expect(fixture.requests.some((request) => request.includes(`ledger_version=${latest}`))).toBe(false);
    expect(field().value).toBe(anchor);
    expect(window.location.search).toBe('');

    await user.click(screen.getByRole('button', { name: `Show version ${latest}` }));
    await waitFor(() => expect(field().value).toBe(latest));
    await waitFor(() =>
      expect(resourceRequests().some((request) => request.includes(`ledger_version=${latest}`))).toBe(true),
    );
    expect(screen.queryByRole('button', { name: `Show version ${latest}` })).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('gives a newly opened view the newest anchor, and never offers to move a pinned view', async () => {
    const { user, moveLedger, anchor, latest, sender } = await openBehind();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Account sections' })).getByRole('link', { name: 'Modules' }),
    );
    await waitFor(() => expect(field().value).toBe(latest));
    expect(screen.queryByRole('button', { name: `Show version ${latest}` })).toBeNull();

    const pinned = (BigInt(anchor) - 1n).toString();
    window.history.pushState(null, '', `/accounts/${sender}/modules?ledger_version=${pinned}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(field().value).toBe(pinned));
    // The ledger moves on again (past the fixture: a pinned view reads nothing at the latest).
    const further = (BigInt(latest) + 5n).toString();
    await moveLedger(further);
    await waitFor(() => expect(field().getAttribute('max')).toBe(further));
    expect(screen.queryByRole('button', { name: /^Show version / })).toBeNull();
    expect(field().value).toBe(pinned);
  });

  it('moves an unpinned view that is behind to the latest when Latest is pressed', async () => {
    const { user, latest } = await openBehind();
    await user.click(
      within(screen.getByRole('group', { name: 'Time travel' })).getByRole('button', { name: 'Latest' }),
    );
    await waitFor(() => expect(field().value).toBe(latest));
    expect(screen.queryByRole('button', { name: `Show version ${latest}` })).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('keys the events of an unpinned view by its anchor: listed as at the anchor; moving re-reads them', async () => {
    const fixture = serviceFixture('main');
    const { stream, anchor, later, atAnchor, top } = await streamAndAnchor(fixture);
    expect(later).toBeGreaterThan(0);
    const latest = fixture.info.latestVersion;
    const { user, moveLedger } = renderMoving(`/accounts/${stream.address}/events/${stream.creationNumber}`, {
      latest: anchor,
    });
    const firstRow = (): string | null =>
      within(screen.getByRole('table', { name: 'Events' }))
        .getAllByRole('button', { name: /^(Expand|Collapse) event / })[0]!
        .getAttribute('aria-label');
    // The events emitted after the anchor are not listed: the list is the stream as it was at the anchor.
    await screen.findByRole('table', { name: 'Events' });
    await waitFor(() => expect(firstRow()).toBe(`Expand event ${atAnchor}`));
    await moveLedger(latest);
    fixture.requests.length = 0;
    await user.click(await screen.findByRole('button', { name: `Show version ${latest}` }));
    await waitFor(() =>
      expect(
        fixture.requests.some((request) =>
          request.startsWith(`GET /v1/accounts/${stream.address}/events/${stream.creationNumber}?`),
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(firstRow()).toBe(`Expand event ${top}`));
  });
});

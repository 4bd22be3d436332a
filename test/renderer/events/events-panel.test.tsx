/**
 * The events tab over the real read service: newest first, older pages via `start`, the struct +
 * field route, jumping to a sequence number and paging newer from there (the jump field following
 * the URL), events after the pinned version marked, and the handles of a 20,000-handle account.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { routeFetchInto, serviceFixture, withApi } from '../support/service-fetch.ts';
import { newestSequenceAt } from '../../../renderer/api/queries/event-bound.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { EventJson, MoveResourceJson } from '../../../renderer/api/types.ts';

/** Every `EventHandle` value in a resource's JSON: `{counter, guid: {id: {addr, creation_num}}}` at any depth. */
function handlesIn(value: unknown): { address: string; creationNumber: string; counter: string }[] {
  if (Array.isArray(value)) return value.flatMap(handlesIn);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as { counter?: unknown; guid?: { id?: { addr?: unknown; creation_num?: unknown } } };
  const id = record.guid?.id;
  if (typeof record.counter === 'string' && typeof id?.addr === 'string' && typeof id.creation_num === 'string') {
    return [{ address: id.addr, creationNumber: id.creation_num, counter: record.counter }];
  }
  return Object.values(value).flatMap(handlesIn);
}

/** A sampled stream with more than two pages of events. */
function busyStream() {
  const stream = [...serviceFixture('main').info.samples.eventStreams].sort(
    (a, b) => Number(b.count) - Number(a.count),
  )[0];
  if (!stream || Number(stream.count) < 201)
    throw new Error('the main fixture has no stream with more than 200 events');
  return stream;
}

function firstRowSequence(): string {
  const rows = within(screen.getByRole('table', { name: 'Events' })).getAllByRole('button', {
    name: /^(Expand|Collapse) event /,
  });
  return (rows[0]!.getAttribute('aria-label') ?? '').replace(/^(Expand|Collapse) event /, '');
}

describe('events tab', () => {
  it('shows the newest events first, then an older page fetched with start', async () => {
    const stream = busyStream();
    const { user, fixture } = renderApp(`/accounts/${stream.address}/events/${stream.creationNumber}`);
    const newest = (
      await requestJson<EventJson[]>(`/v1/accounts/${stream.address}/events/${stream.creationNumber}`, {
        query: { limit: 100 },
      })
    ).body;
    const top = BigInt(newest.at(-1)!.sequence_number);
    await screen.findByText(`100 events loaded · oldest shown #${top - 99n}`);
    expect(firstRowSequence()).toBe(top.toString());
    // Finding the newest event at the view's version reads the newest page, which is the first page itself:
    // no second read of the same events with a start.
    expect(fixture.requests.filter((request) => request.includes(`/events/${stream.creationNumber}?start=`))).toEqual(
      [],
    );
    fixture.requests.length = 0;
    await user.click(screen.getByRole('button', { name: 'Older events' }));
    await screen.findByText(`200 events loaded · oldest shown #${top - 199n}`);
    expect(
      fixture.requests.some((request) =>
        request.includes(`/events/${stream.creationNumber}?start=${top - 199n}&limit=100`),
      ),
    ).toBe(true);
    expect(firstRowSequence()).toBe(top.toString());
  });

  it('opens a stream by struct and field, and jumps to a sequence number', async () => {
    const stream = busyStream();
    const { user } = renderApp(
      `/accounts/${stream.address}/events/${encodeURIComponent(stream.struct)}/${stream.field}`,
    );
    const count = BigInt(stream.count);
    await screen.findByText(`100 events loaded · oldest shown #${count - 100n}`);
    expect(firstRowSequence()).toBe((count - 1n).toString());
    await user.type(screen.getByRole('textbox', { name: 'Jump to sequence number' }), '5');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await screen.findByText('100 events loaded · oldest shown #5');
    expect(firstRowSequence()).toBe('104');
    expect(window.location.search).toContain('seq=5');
    await user.click(screen.getByRole('button', { name: 'Older events' }));
    await screen.findByText('105 events loaded · oldest shown #0 · reached the first event');
  });

  it('lists the stream as it was at the pinned version: from the newest event at or below it, none after', async () => {
    const stream = busyStream();
    const info = serviceFixture('main').info;
    const path = `/v1/accounts/${stream.address}/events/${stream.creationNumber}`;
    const restore = routeFetchInto(serviceFixture('main'));
    const newest = (await requestJson<EventJson[]>(path, { query: { limit: 100 } })).body;
    // A pin 150 events back: its newest event is outside the newest page, so the list must search for it.
    const target = (
      await requestJson<EventJson[]>(path, { query: { start: BigInt(newest[0]!.sequence_number) - 150n, limit: 1 } })
    ).body[0]!;
    restore();
    const pin = BigInt(target.version);
    expect(pin >= BigInt(info.oldestVersion)).toBe(true);
    renderApp(`/accounts/${stream.address}/events/${stream.creationNumber}?ledger_version=${pin}`);
    const top = BigInt(target.sequence_number);
    await screen.findByText(`100 events loaded · oldest shown #${top - 99n}`);
    expect(firstRowSequence()).toBe(top.toString());
    expect(screen.queryByText('after pin')).toBeNull();
    // Nothing newer than the pin can be paged in.
    expect(screen.getByRole('button', { name: 'Newer events' })).toHaveProperty('disabled', true);
  });

  it("finds the newest event at or below a version by its events' versions (none before the first)", async () => {
    const stream = busyStream();
    const path = `/v1/accounts/${stream.address}/events/${stream.creationNumber}`;
    const readEvents = (start: bigint | undefined, limit: number) =>
      requestJson<readonly EventJson[]>(path, { query: { start, limit } });
    await withApi(async () => {
      const first = (await requestJson<EventJson[]>(path, { query: { start: 0, limit: 1 } })).body[0]!;
      expect((await newestSequenceAt(readEvents, BigInt(first.version) - 1n)).bound).toBeNull();
      expect((await newestSequenceAt(readEvents, BigInt(first.version))).bound).toBe(0n);
      // Events far below the newest page: the bisection, checked against the event read directly.
      for (const sequence of [1n, 37n, BigInt(stream.count) - 150n]) {
        const event = (await requestJson<EventJson[]>(path, { query: { start: sequence, limit: 1 } })).body[0]!;
        const next = (await requestJson<EventJson[]>(path, { query: { start: sequence + 1n, limit: 1 } })).body[0]!;
        // Several events of one transaction share a version: the newest of them is the answer.
        const expected = BigInt(next.version) === BigInt(event.version) ? undefined : sequence;
        const { bound } = await newestSequenceAt(readEvents, BigInt(event.version));
        if (expected !== undefined) expect(bound).toBe(expected);
        else expect(bound! >= sequence).toBe(true);
      }
    });
  });

  it('offers 20,000 handles of one account in a bounded list and opens any by creation number', async () => {
    const large = serviceFixture('main').info.samples.largeAccounts[0]!;
    // The handles come from the first 9999 resources (the node's largest page), read here from the API.
    const restore = routeFetchInto(serviceFixture('main'));
    const resources = (
      await requestJson<MoveResourceJson[]>(`/v1/accounts/${large.address}/resources`, { query: { limit: 9999 } })
    ).body;
    restore();
    const handles = resources
      .flatMap((resource) => handlesIn(resource.data))
      .filter((handle) => handle.address === large.address);
    const unused = handles
      .filter((handle) => handle.counter === '0')
      .sort((a, b) => Number(BigInt(b.creationNumber) - BigInt(a.creationNumber)))[0];
    if (!unused) throw new Error('the large account has no handle without events');
    const { user } = renderApp(`/accounts/${large.address}/events`);
    const note = await screen.findByText(
      /^500 of \d+ handles listed \(streams with events first\); open any other by its creation number$/,
    );
    expect(Number(/of (\d+)/.exec(note.textContent ?? '')![1])).toBe(handles.length);
    const select = screen.getByRole('combobox', { name: 'Event stream' });
    const options = within(select).getAllByRole('option');
    expect(options).toHaveLength(501);
    // The stream to open is one the bounded select does not offer.
    expect(options.map((option) => option.getAttribute('value'))).not.toContain(unused.creationNumber);
    await user.type(screen.getByRole('textbox', { name: 'Creation number' }), unused.creationNumber);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByText('This stream has no events.');
    expect(window.location.pathname).toBe(`/accounts/${large.address}/events/${unused.creationNumber}`);
  });

  it('pages newer events after a jump, and keeps the jump field in step with the URL through Back', async () => {
    const stream = busyStream();
    expect(Number(stream.count)).toBeGreaterThanOrEqual(205);
    const { user, fixture } = renderApp(`/accounts/${stream.address}/events/${stream.creationNumber}?seq=5`);
    await screen.findByText('100 events loaded · oldest shown #5');
    expect(firstRowSequence()).toBe('104');
    fixture.requests.length = 0;
    await user.click(screen.getByRole('button', { name: 'Newer events' }));
    await screen.findByText('200 events loaded · oldest shown #5');
    expect(firstRowSequence()).toBe('204');
    expect(
      fixture.requests.some((request) => request.includes(`/events/${stream.creationNumber}?start=105&limit=100`)),
    ).toBe(true);

    const jump = (): HTMLInputElement => screen.getByRole('textbox', { name: 'Jump to sequence number' });
    await user.clear(jump());
    await user.type(jump(), '50');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await screen.findByText('100 events loaded · oldest shown #50');
    window.history.back();
    await waitFor(() => expect(window.location.search).toBe('?seq=5'));
    await waitFor(() => expect(jump().value).toBe('5'));
    await user.click(screen.getByRole('button', { name: 'Newest' }));
    await waitFor(() => expect(jump().value).toBe(''));
    expect(screen.getByRole('button', { name: 'Newer events' })).toHaveProperty('disabled', true);
  });
});

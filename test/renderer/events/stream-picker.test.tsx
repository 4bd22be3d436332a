/**
 * The event stream picker over the real read service: a stream chosen in the list opens by
 * creation number or, when "Open by" says so, by struct + field (the node's other endpoint).
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { MoveResourceJson } from '../../../renderer/api/types.ts';
import { findHandles } from '../../../renderer/features/events/find-handles.ts';

/** A sampled stream held in a top-level field, with events. */
function fieldStream() {
  const stream = serviceFixture('main').info.samples.eventStreams.find((s) => s.field !== '' && Number(s.count) > 0);
  if (!stream) throw new Error('the main fixture has no event stream in a top-level field');
  return stream;
}

describe('event stream picker', () => {
  it('opens the chosen stream by struct + field when asked, and by creation number otherwise', async () => {
    const stream = fieldStream();
    const { user, fixture } = renderApp(`/accounts/${stream.address}/events`);
    const list = await screen.findByRole('combobox', { name: 'Event stream' });
    const option = within(list)
      .getAllByRole('option')
      .find((o) => (o as HTMLOptionElement).value === String(stream.creationNumber));
    expect(option).toBeDefined();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Open by' }), 'field');
    fixture.requests.length = 0;
    await user.selectOptions(list, String(stream.creationNumber));
    await waitFor(() =>
      expect(window.location.pathname).toBe(
        `/accounts/${stream.address}/events/${encodeURIComponent(stream.struct)}/${stream.field}`,
      ),
    );
    await screen.findByText(/^\d+ events loaded/);
    expect(
      fixture.requests.some((request) =>
        request.includes(`/events/${encodeURIComponent(stream.struct)}/${stream.field}`),
      ),
    ).toBe(true);
    // The list shows the stream opened by field as the chosen one.
    expect((screen.getByRole('combobox', { name: 'Event stream' }) as HTMLSelectElement).value).toBe(
      String(stream.creationNumber),
    );

    // Switching back reopens the same stream by creation number.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Open by' }), 'creation_number');
    await waitFor(() =>
      expect(window.location.pathname).toBe(`/accounts/${stream.address}/events/${stream.creationNumber}`),
    );
    await screen.findByText(/^\d+ events loaded/);
  });

  it('counts one event in the singular', async () => {
    // An account of the fixture with a stream of exactly one event, found from the API.
    const info = serviceFixture('main').info;
    const restore = routeFetchInto(serviceFixture('main'));
    let found: { address: string; creationNumber: string } | undefined;
    try {
      for (const address of [...info.samples.accounts, ...info.samples.eventStreams.map((stream) => stream.address)]) {
        const resources = (
          await requestJson<MoveResourceJson[]>(`/v1/accounts/${address}/resources`, { query: { limit: 9999 } })
        ).body;
        const single = findHandles(resources).find((handle) => handle.address === address && handle.counter === '1');
        if (single) {
          found = { address, creationNumber: single.creationNumber };
          break;
        }
      }
    } finally {
      restore();
    }
    if (!found) throw new Error('no sampled account of the main fixture has a stream with exactly one event');
    renderApp(`/accounts/${found.address}/events`);
    const list = await screen.findByRole('combobox', { name: 'Event stream' });
    const option = within(list)
      .getAllByRole('option')
      .find((o) => (o as HTMLOptionElement).value === found.creationNumber)!;
    expect(option.textContent).toMatch(/ \(1 event\)$/);
  });
});

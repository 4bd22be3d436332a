/**
 * The raw lookup's way to the inspector page: the link keeps the pinned version and the value type,
 * the raw key hex survives the trip to the inspector and Back (and is fetched again), and stored
 * bytes go by link only up to the URL cap. Keys and versions come from the API (the fixture).
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { InspectorLink } from '../../../renderer/components/bcs-inspector/inspector-link.tsx';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture } from '../support/service-fetch.ts';
import { MAX_URL_FIELD } from '../../../renderer/lib/use-search-fields.ts';
import { sampleWhere } from '../support/table-samples.ts';

const query = (name: string): string | null => new URLSearchParams(window.location.search).get(name);

describe('raw lookup to the inspector', () => {
  it('keeps the pinned version in the inspector link and the raw key hex across the inspector and Back', async () => {
    const sample = sampleWhere((s) => s.valueType.endsWith('::Record'));
    const pin = serviceFixture('main').info.latestVersion;
    const { user } = renderApp(`/tables/${sample.handle}?ledger_version=${pin}`);
    const raw = await screen.findByRole('textbox', { name: 'Key bytes (hex)' });
    await user.click(raw);
    await user.paste(sample.rawKeys[0]!);
    await waitFor(() => expect(query('raw')).toBe(sample.rawKeys[0]));
    await user.click(screen.getByRole('button', { name: 'Fetch raw item' }));
    const link = await screen.findByRole('link', { name: 'open in the inspector page' }, { timeout: 10_000 });
    const target = new URL(link.getAttribute('href')!, window.location.origin);
    expect(target.pathname).toBe('/inspect');
    expect(target.searchParams.get('ledger_version')).toBe(String(pin));
    expect(target.searchParams.get('type')).toBe(sample.valueType);

    await user.click(link);
    await screen.findByRole('heading', { name: 'BCS inspector' });
    expect(window.location.search).toContain(`ledger_version=${pin}`);
    window.history.back();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Key bytes (hex)' }) as HTMLInputElement).value).toBe(
        sample.rawKeys[0],
      ),
    );
    // The restored key is fetched again.
    expect(await screen.findByText(/^Stored bytes of key/, undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('passes stored bytes to the inspector page by link only up to the cap', () => {
    const short = `0x${'ab'.repeat(8)}`;
    const { unmount } = render(
      <MemoryRouter>
        <InspectorLink hex={short} valueType="u64" pinned="7" />
      </MemoryRouter>,
    );
    const href = new URL(
      screen.getByRole('link', { name: 'open in the inspector page' }).getAttribute('href')!,
      'http://x',
    );
    expect(href.searchParams.get('hex')).toBe(short);
    expect(href.searchParams.get('ledger_version')).toBe('7');
    unmount();
    render(
      <MemoryRouter>
        <InspectorLink hex={`0x${'ab'.repeat(MAX_URL_FIELD / 2)}`} valueType="u64" pinned={undefined} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(/too long to pass to the inspector page by link/)).toBeTruthy();
  });
});

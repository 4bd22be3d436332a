/**
 * The table lookup's second QA pass: long keys stay out of the URL, a result names its key and is
 * marked while the field holds another, the inspector link keeps the pinned version, the raw key hex
 * survives Back, the item export names its version, a wrong value type gets a hint, and Ctrl+Enter
 * (Cmd+Enter) looks the key up. Keys, values and versions come from the API (the fixture).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { InspectorLink } from '../../../renderer/features/tables/raw-lookup.tsx';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture, withApi } from '../support/service-fetch.ts';
import { captureDownloads } from '../support/capture-downloads.ts';
import { ApiRequestError, requestJson } from '../../../renderer/api/client.ts';
import { MAX_URL_FIELD } from '../../../renderer/lib/use-search-fields.ts';
import { sampleWhere } from '../support/table-samples.ts';

const editor = (): HTMLTextAreaElement => screen.getByRole('textbox', { name: 'Key (JSON)' });
const resultKey = (): string | null | undefined =>
  screen.getByRole('region', { name: 'Decoded value' }).querySelector('.result-key')?.textContent;
const query = (name: string): string | null => new URLSearchParams(window.location.search).get(name);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('table lookup (second QA pass)', () => {
  it('leaves a key or raw hex over the cap out of the URL and says a reload will not restore it', async () => {
    const sample = sampleWhere((s) => s.keys.length >= 1);
    const { user } = renderApp(`/tables/${sample.handle}`);
    await user.click(await screen.findByRole('textbox', { name: 'Key (JSON)' }));
    await user.paste(JSON.stringify(sample.keys[0]));
    await waitFor(() => expect(query('key')).toBe(JSON.stringify(sample.keys[0])));

    await user.clear(editor());
    await user.paste(`"${'a'.repeat(MAX_URL_FIELD + 1)}"`);
    await waitFor(() => expect(editor().value.length).toBe(MAX_URL_FIELD + 3));
    await waitFor(() => expect(query('key')).toBeNull());
    expect(
      screen.getByText(/This key is too long to keep in the page's address; a reload will not restore it/),
    ).toBeTruthy();
    expect(window.location.href.length).toBeLessThan(MAX_URL_FIELD);

    const raw = screen.getByRole('textbox', { name: 'Key bytes (hex)' });
    await user.click(raw);
    await user.paste(sample.rawKeys[0]!);
    await waitFor(() => expect(query('raw')).toBe(sample.rawKeys[0]));
    await user.clear(raw);
    await user.paste(`0x${'00'.repeat(MAX_URL_FIELD / 2)}`);
    await waitFor(() => expect(query('raw')).toBeNull());
    expect(screen.getAllByText(/too long to keep in the page's address/)).toHaveLength(2);
  });

  it('names the key a value belongs to and marks it while the field holds another key', async () => {
    const sample = sampleWhere((s) => s.keyType === 'address' && s.keys.length >= 2);
    const [one, two] = [JSON.stringify(sample.keys[0]), JSON.stringify(sample.keys[1])];
    const { user } = renderApp(`/tables/${sample.handle}?${new URLSearchParams({ key: one }).toString()}`);
    const result = await screen.findByRole('region', { name: 'Decoded value' }, { timeout: 10_000 });
    await waitFor(() => expect(resultKey()).toBe(one));
    expect(within(result).queryByText(/not the key in the field/)).toBeNull();

    // The field (and so the URL) now says another key; the value shown is still the first key's.
    await user.clear(editor());
    await user.paste(two);
    await waitFor(() => expect(query('key')).toBe(two));
    expect(resultKey()).toBe(one);
    expect(within(result).getByText(/not the key in the field/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Look up' }));
    await waitFor(() => expect(resultKey()).toBe(two));
    expect(
      within(screen.getByRole('region', { name: 'Decoded value' })).queryByText(/not the key in the field/),
    ).toBeNull();
  });

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

  it('names the item export with the table and the version the view reads at', async () => {
    const sample = sampleWhere((s) => s.keyType === 'address' && s.keys.length >= 1);
    const downloads = captureDownloads();
    const { user } = renderApp(
      `/tables/${sample.handle}?${new URLSearchParams({ key: JSON.stringify(sample.keys[0]) }).toString()}`,
    );
    const result = await screen.findByRole('region', { name: 'Decoded value' }, { timeout: 10_000 });
    const version = /Value at version (\d+)/.exec(result.textContent ?? '')?.[1];
    expect(version).toBeDefined();
    await user.click(await within(result).findByRole('button', { name: 'Export value as JSON' }, { timeout: 10_000 }));
    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(downloads.names[0]).toBe(`${sample.handle}-item-v${version}.json`);
  });

  it("adds a hint under the node's 500 when the stored value does not decode as the value type", async () => {
    const sample = sampleWhere((s) => s.valueType.endsWith('::Record'));
    const wrongType = 'bool';
    // The node's rule: stored bytes that do not decode as the requested type are a 500 internal_error.
    const failure = await withApi(() =>
      requestJson(`/v1/tables/${sample.handle}/item`, {
        method: 'POST',
        body: { key_type: sample.keyType, value_type: wrongType, key: sample.keys[0] },
      }),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).status).toBe(500);
    expect((failure as ApiRequestError).errorCode).toBe('internal_error');

    const query = new URLSearchParams({ key: JSON.stringify(sample.keys[0]), value_type: wrongType });
    renderApp(`/tables/${sample.handle}?${query.toString()}`);
    const result = await screen.findByRole('region', { name: 'Decoded value' }, { timeout: 10_000 });
    await within(result).findByText((failure as ApiRequestError).message, { exact: false }, { timeout: 10_000 });
    expect(
      within(result).getByText(/The stored value does not decode as the value type given — check the value type/),
    ).toBeTruthy();
  });

  it('looks the key up on Ctrl+Enter and Cmd+Enter in the key field', async () => {
    const sample = sampleWhere((s) => s.keyType === 'address' && s.keys.length >= 2);
    const { user } = renderApp(`/tables/${sample.handle}`);
    await user.click(await screen.findByRole('textbox', { name: 'Key (JSON)' }));
    await user.paste(JSON.stringify(sample.keys[0]));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Look up' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByRole('region', { name: 'Decoded value' }, { timeout: 10_000 });
    expect(resultKey()).toBe(JSON.stringify(sample.keys[0]));
    expect(editor().value).toBe(JSON.stringify(sample.keys[0]));

    await user.clear(editor());
    await user.paste(JSON.stringify(sample.keys[1]));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Look up' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(resultKey()).toBe(JSON.stringify(sample.keys[1])));
    expect(editor().value).toBe(JSON.stringify(sample.keys[1]));
  });
});

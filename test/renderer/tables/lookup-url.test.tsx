/**
 * The table panel keeps its lookup in the URL (`?key=`, and the types where they differ from the
 * prefilled ones), replacing the history entry while typing, so a reload, Back or a shared link
 * shows the same item again; a key or raw hex too long for an address stays out of it, said so.
 * Keys and values come from the API (the fixture's sampled tables).
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { withApi } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { JsonValue } from '../../../renderer/api/types.ts';
import { MAX_URL_FIELD } from '../../../renderer/lib/use-search-fields.ts';
import { sampleWhere, tableSamples, type TableSample } from '../support/table-samples.ts';

/** A table keyed by address (its values render as one line, as in the table panel test) with two sampled keys. */
function sampleWithTwoKeys(): TableSample {
  const sample = tableSamples().find((s) => s.keyType === 'address' && s.keys.length >= 2);
  expect(sample).toBeDefined();
  return sample!;
}

const editor = (): HTMLTextAreaElement => screen.getByRole('textbox', { name: 'Key (JSON)' });
const query = (name: string): string | null => new URLSearchParams(window.location.search).get(name);

/** The decoded value on screen equals the API's value of `key` at the version it names. */
async function showsValueOf(sample: TableSample, key: unknown): Promise<void> {
  const result = await screen.findByRole('region', { name: 'Decoded value' }, { timeout: 10_000 });
  const version = /Value at version (\d+)/.exec(result.textContent ?? '')?.[1];
  expect(version).toBeDefined();
  const expected = await withApi(() =>
    requestJson<JsonValue>(`/v1/tables/${sample.handle}/item`, {
      method: 'POST',
      query: { ledger_version: version },
      body: { key_type: sample.keyType, value_type: sample.valueType, key },
    }),
  );
  await waitFor(() => expect(within(result).getByText(JSON.stringify(expected.body))).toBeTruthy(), {
    timeout: 10_000,
  });
}

describe('table lookup in the URL', () => {
  it('writes the key while typing without adding history entries; a reload looks it up again', async () => {
    const sample = sampleWithTwoKeys();
    const key = JSON.stringify(sample.keys[0]);
    const first = renderApp(`/tables/${sample.handle}`);
    const entries = window.history.length;
    await first.user.click(await screen.findByRole('textbox', { name: 'Key (JSON)' }));
    await first.user.paste(key);
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('key')).toBe(key));
    expect(window.history.length).toBe(entries);
    // Prefilled types stay out of the URL.
    expect(new URLSearchParams(window.location.search).has('key_type')).toBe(false);
    expect(new URLSearchParams(window.location.search).has('value_type')).toBe(false);
    const url = `${window.location.pathname}${window.location.search}`;

    first.unmount();
    renderApp(url);
    await waitFor(() => expect(editor().value).toBe(key));
    await showsValueOf(sample, sample.keys[0]);
  });

  it('restores the previous lookup on Back', async () => {
    const sample = sampleWithTwoKeys();
    const [one, two] = [JSON.stringify(sample.keys[0]), JSON.stringify(sample.keys[1])];
    renderApp(`/tables/${sample.handle}?${new URLSearchParams({ key: one }).toString()}`);
    await waitFor(() => expect(editor().value).toBe(one));
    await showsValueOf(sample, sample.keys[0]);

    // A link to another item of the same table, then Back.
    window.history.pushState(null, '', `/tables/${sample.handle}?${new URLSearchParams({ key: two }).toString()}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(editor().value).toBe(two));
    await showsValueOf(sample, sample.keys[1]);
    window.history.back();
    await waitFor(() => expect(editor().value).toBe(one));
    await showsValueOf(sample, sample.keys[0]);
  });

  it('keeps a type that differs from the prefilled one', async () => {
    const sample = sampleWithTwoKeys();
    const first = renderApp(`/tables/${sample.handle}`);
    const valueType = await screen.findByRole('combobox', { name: 'Value type' });
    await first.user.clear(valueType);
    await first.user.type(valueType, 'vector<u8>');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('value_type')).toBe('vector<u8>'));
    const url = `${window.location.pathname}${window.location.search}`;
    first.unmount();
    renderApp(url);
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Value type' }) as HTMLInputElement).value).toBe('vector<u8>'),
    );
    expect((screen.getByRole('combobox', { name: 'Key type' }) as HTMLInputElement).value).toBe(sample.keyType);
  });
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
});

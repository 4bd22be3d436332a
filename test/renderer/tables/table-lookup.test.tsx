/**
 * The table lookup's result over the real read service: it names the key it belongs to and is marked
 * while the field holds another key, its export is named after the table and the version in view, a
 * value type the stored bytes do not decode as gets a hint under the node's error, and Ctrl+Enter
 * (Cmd+Enter) looks the key up. Keys, values and versions come from the API (the fixture).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { withApi } from '../support/service-fetch.ts';
import { captureDownloads } from '../support/capture-downloads.ts';
import { ApiRequestError, requestJson } from '../../../renderer/api/client.ts';
import { sampleWhere } from '../support/table-samples.ts';

const editor = (): HTMLTextAreaElement => screen.getByRole('textbox', { name: 'Key (JSON)' });
const resultKey = (): string | null | undefined =>
  screen.getByRole('region', { name: 'Decoded value' }).querySelector('.result-key')?.textContent;
const query = (name: string): string | null => new URLSearchParams(window.location.search).get(name);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('table lookup', () => {
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
    // The first export waits for the snapshot's content digest (hashed once, on first ask).
    await waitFor(() => expect(downloads.names).toHaveLength(1), { timeout: 60_000 });
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

    const search = new URLSearchParams({ key: JSON.stringify(sample.keys[0]), value_type: wrongType });
    renderApp(`/tables/${sample.handle}?${search.toString()}`);
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

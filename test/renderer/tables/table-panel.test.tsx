/**
 * The table panel over the real read service: types prefilled from the table's metadata, the owner
 * linked, the key editor refusing what does not fit the key type, a decoded lookup equal to the
 * API's answer at the version in view, and the raw lookup's bytes in the inspector.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { withApi } from '../support/service-fetch.ts';
import { requestBcs, requestJson } from '../../../renderer/api/client.ts';
import type { JsonValue, TableInfoJson } from '../../../renderer/api/types.ts';
import { sampleWhere } from '../support/table-samples.ts';

describe('table panel', () => {
  it('prefills key and value types from the table metadata and links the owning resource', async () => {
    const sample = sampleWhere((s) => s.valueType.endsWith('::Record'));
    const info = await withApi(() => requestJson<TableInfoJson>(`/explorer/v1/tables/${sample.handle}`));
    renderApp(`/tables/${sample.handle}`);
    const keyType = await screen.findByRole('combobox', { name: 'Key type' });
    expect((keyType as HTMLInputElement).value).toBe(info.body.key_type);
    expect((screen.getByRole('combobox', { name: 'Value type' }) as HTMLInputElement).value).toBe(info.body.value_type);
    expect(info.body.owner).not.toBeNull();
    if (info.body.owner?.resource) {
      const link = screen.getByRole('link', { name: info.body.owner.resource });
      expect(link.getAttribute('href')).toContain('/resources');
    }
  });

  it("checks the key JSON against the key type before sending, then shows the API's value at the version", async () => {
    const sample = sampleWhere((s) => s.keyType === 'address');
    const { user, fixture } = renderApp(`/tables/${sample.handle}`);
    const editor = await screen.findByRole('textbox', { name: 'Key (JSON)' });
    const lookUp = screen.getByRole('button', { name: 'Look up' });

    await user.type(editor, 'not json');
    expect(
      await screen.findByText(
        'Keys must be JSON: put text in double quotes, e.g. "not json" (numbers may go without).',
      ),
    ).toBeTruthy();
    expect((lookUp as HTMLButtonElement).disabled).toBe(true);

    await user.clear(editor);
    await user.type(editor, '42');
    expect(await screen.findByText(/^Does not fit the key type/)).toBeTruthy();
    expect((lookUp as HTMLButtonElement).disabled).toBe(true);
    const sentBefore = fixture.requests.filter((r) => r.includes('/item')).length;

    await user.clear(editor);
    await user.paste(JSON.stringify(sample.keys[0]));
    const bytes = await screen.findByText(sample.rawKeys[0]!);
    expect(bytes.className).toContain('key-bytes');
    expect(fixture.requests.filter((r) => r.includes('/item')).length).toBe(sentBefore);

    await waitFor(() => expect((lookUp as HTMLButtonElement).disabled).toBe(false));
    await user.click(lookUp);
    const result = await screen.findByRole('region', { name: 'Decoded value' });
    const version = /Value at version (\d+)/.exec(result.textContent ?? '')?.[1];
    expect(version).toBeDefined();
    const expected = await withApi(() =>
      requestJson<JsonValue>(`/v1/tables/${sample.handle}/item`, {
        method: 'POST',
        query: { ledger_version: version },
        body: { key_type: sample.keyType, value_type: sample.valueType, key: sample.keys[0] },
      }),
    );
    await waitFor(() => expect(within(result).getByText(JSON.stringify(expected.body))).toBeTruthy());
    expect(
      fixture.requests.some((r) => r.startsWith(`POST /v1/tables/${sample.handle}/item?ledger_version=${version}`)),
    ).toBe(true);
  });

  it("fetches the raw item with the JSON key's bytes and opens them in the inspector", async () => {
    const sample = sampleWhere((s) => s.valueType.endsWith('::Record'));
    const { user } = renderApp(`/tables/${sample.handle}`);
    const editor = await screen.findByRole('textbox', { name: 'Key (JSON)' });
    await user.click(editor);
    await user.paste(JSON.stringify(sample.keys[0]));
    const useBytes = screen.getByRole('button', { name: "Use the JSON key's bytes" });
    await waitFor(() => expect((useBytes as HTMLButtonElement).disabled).toBe(false));
    await user.click(useBytes);
    expect((screen.getByRole('textbox', { name: 'Key bytes (hex)' }) as HTMLInputElement).value).toBe(
      sample.rawKeys[0],
    );
    await user.click(screen.getByRole('button', { name: 'Fetch raw item' }));
    const raw = await withApi(() =>
      requestBcs(`/v1/tables/${sample.handle}/raw_item`, { method: 'POST', body: { key: sample.rawKeys[0] } }),
    );
    const inspector = await screen.findByRole('region', { name: 'BCS inspector' });
    expect(within(inspector).getByText(`${raw.body.length} bytes`)).toBeTruthy();
    await within(inspector).findByRole(
      'button',
      { name: /\(value\.metadata\.limits\.max\), .* bytes/ },
      { timeout: 10_000 },
    );
    expect(within(inspector).queryByRole('alert')).toBeNull();
    expect(screen.getByText(/^Stored bytes of key/)).toBeTruthy();

    // Another key in the field: the previous key's bytes and decoding no longer show under it.
    const keyField = screen.getByRole('textbox', { name: 'Key bytes (hex)' });
    await user.clear(keyField);
    await user.type(keyField, '0xzz');
    expect(await screen.findByText(/^Not hex/)).toBeTruthy();
    expect(screen.queryByText(/^Stored bytes of key/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'BCS inspector' })).toBeNull();
  });
});

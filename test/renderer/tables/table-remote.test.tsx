/**
 * The table panel on a remote node without `/explorer/v1` (404 `web_framework_error`, as our
 * remote proxy answers): there is no metadata to prefill, so the types are typed, then the item is
 * looked up and equals the node's answer.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { requestJson } from '../../../renderer/api/client.ts';
import type { JsonValue } from '../../../renderer/api/types.ts';
import { serviceFixture } from '../support/service-fetch.ts';
import { renderWithoutExplorer } from '../support/render-remote.tsx';

describe('table panel on a remote node without the explorer API', () => {
  it('the table panel takes typed key and value types and looks the item up', async () => {
    const sample = serviceFixture('small').info.samples.tables.find((t) => t.keyType === 'address');
    expect(sample).toBeDefined();
    const { user } = renderWithoutExplorer(`/tables/${sample!.handle}`);
    expect(await screen.findByText(/no metadata for this table/)).toBeTruthy();
    const keyType = screen.getByRole('combobox', { name: 'Key type' });
    expect((keyType as HTMLInputElement).value).toBe('');
    await user.type(keyType, sample!.keyType);
    await user.type(screen.getByRole('combobox', { name: 'Value type' }), sample!.valueType);
    await user.click(screen.getByRole('textbox', { name: 'Key (JSON)' }));
    await user.paste(JSON.stringify(sample!.keys[0]));
    const lookUp = screen.getByRole('button', { name: 'Look up' });
    await waitFor(() => expect((lookUp as HTMLButtonElement).disabled).toBe(false));
    await user.click(lookUp);
    const result = await screen.findByRole('region', { name: 'Decoded value' });
    const version = /Value at version (\d+)/.exec(result.textContent ?? '')?.[1];
    const expected = await requestJson<JsonValue>(`/v1/tables/${sample!.handle}/item`, {
      method: 'POST',
      query: { ledger_version: version },
      body: { key_type: sample!.keyType, value_type: sample!.valueType, key: sample!.keys[0] },
    });
    await waitFor(() => expect(within(result).getByText(JSON.stringify(expected.body))).toBeTruthy());
  });
});

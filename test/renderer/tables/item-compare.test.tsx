/**
 * The table panel's compare mode: one item at two versions, field by field, values from the API.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture, withApi } from '../support/service-fetch.ts';
import { ApiRequestError, requestJson } from '../../../renderer/api/client.ts';
import type { JsonValue, LedgerInfoJson } from '../../../renderer/api/types.ts';
import { diffJson, diffPathText } from '../../../renderer/lib/json-diff.ts';

describe('table item compare mode', () => {
  it('shows the fields of one item that changed between two versions, with both values', async () => {
    const ledger = (await withApi(() => requestJson<LedgerInfoJson>('/v1'))).body;
    const from = ledger.oldest_ledger_version;
    const to = ledger.ledger_version;
    const itemAt = (handle: string, keyType: string, valueType: string, key: unknown, version: string) =>
      withApi(async () => {
        try {
          return (await requestJson<JsonValue>(`/v1/tables/${handle}/item`, { method: 'POST', query: { ledger_version: version }, body: { key_type: keyType, value_type: valueType, key } })).body;
        } catch (error) {
          if (error instanceof ApiRequestError && error.status === 404) return undefined;
          throw error;
        }
      });
    // A sampled item that exists at both versions with a different value.
    let found: { handle: string; key: unknown; before: JsonValue; after: JsonValue } | undefined;
    for (const table of serviceFixture('main').info.samples.tables) {
      for (const key of table.keys) {
        const before = await itemAt(table.handle, table.keyType, table.valueType, key, from);
        const after = await itemAt(table.handle, table.keyType, table.valueType, key, to);
        if (before !== undefined && after !== undefined && JSON.stringify(before) !== JSON.stringify(after)) found = { handle: table.handle, key, before, after };
        if (found) break;
      }
      if (found) break;
    }
    expect(found).toBeDefined();

    const { user } = renderApp(`/tables/${found!.handle}`);
    await user.click(await screen.findByRole('textbox', { name: 'Key (JSON)' }));
    await user.paste(JSON.stringify(found!.key));
    await user.click(screen.getByRole('checkbox', { name: 'Compare two versions' }));
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    const region = await screen.findByRole('region', { name: 'Compare item at two versions' });
    await user.type(within(region).getByRole('textbox', { name: 'From version' }), from);
    const toField = within(region).getByRole('textbox', { name: 'To version' });
    await user.clear(toField);
    await user.type(toField, to);
    const changed = diffJson(found!.before, found!.after).filter((e) => e.kind === 'changed');
    expect(changed.length).toBeGreaterThan(0);
    for (const entry of changed) {
      const cell = await within(region).findByText(diffPathText(entry.path), {}, { timeout: 10_000 });
      const row = cell.closest('tr');
      expect(row?.querySelector('.diff-before')?.textContent).toBe(typeof entry.before === 'string' ? entry.before : JSON.stringify(entry.before));
      expect(row?.querySelector('.diff-after')?.textContent).toBe(typeof entry.after === 'string' ? entry.after : JSON.stringify(entry.after));
    }
  });
});

/**
 * The table panel's compare mode: one item at two versions, field by field, values from the API;
 * an item that exists at only one of them is added or removed.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture, withApi } from '../support/service-fetch.ts';
import { ApiRequestError, requestJson } from '../../../renderer/api/client.ts';
import type { JsonValue, LedgerInfoJson } from '../../../renderer/api/types.ts';
import { diffJson, diffPathText } from '../../../renderer/lib/json-diff.ts';
import { tableSamples, type TableSample } from '../support/table-samples.ts';

/** The item's value at `version` from the API, undefined when it does not exist there. */
function itemAt(
  handle: string,
  keyType: string,
  valueType: string,
  key: unknown,
  version: string,
): Promise<JsonValue | undefined> {
  return withApi(async () => {
    try {
      return (
        await requestJson<JsonValue>(`/v1/tables/${handle}/item`, {
          method: 'POST',
          query: { ledger_version: version },
          body: { key_type: keyType, value_type: valueType, key },
        })
      ).body;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) return undefined;
      throw error;
    }
  });
}

/** Opens the compare mode for `key` on table `handle` and enters the two versions. */
async function openCompare(handle: string, key: unknown, from: string, to: string) {
  const { user } = renderApp(`/tables/${handle}`);
  await user.click(await screen.findByRole('textbox', { name: 'Key (JSON)' }));
  await user.paste(JSON.stringify(key));
  await user.click(screen.getByRole('checkbox', { name: 'Compare two versions' }));
  const lookUp = screen.getByRole('button', { name: 'Look up' });
  await waitFor(() => expect((lookUp as HTMLButtonElement).disabled).toBe(false));
  await user.click(lookUp);
  const region = await screen.findByRole('region', { name: 'Compare item at two versions' });
  const fromField = within(region).getByRole('textbox', { name: 'From version' });
  const toField = within(region).getByRole('textbox', { name: 'To version' });
  await user.clear(fromField);
  await user.type(fromField, from);
  await user.clear(toField);
  await user.type(toField, to);
  return { user, region };
}

describe('table item compare mode', () => {
  it('labels an item present at only one version "added" (or "removed" the other way), not "changed"', async () => {
    const ledger = (await withApi(() => requestJson<LedgerInfoJson>('/v1'))).body;
    const latest = ledger.ledger_version;
    // A sampled item that exists at the latest version, and the newest version where it did not exist yet
    // (binary search over versions from the API's answers).
    let found: { table: TableSample; key: unknown; absentAt: string; value: JsonValue } | undefined;
    for (const table of tableSamples()) {
      for (const key of table.keys) {
        const value = await itemAt(table.handle, table.keyType, table.valueType, key, latest);
        if (value === undefined) continue;
        let lo = BigInt(ledger.oldest_ledger_version);
        let hi = BigInt(latest);
        if ((await itemAt(table.handle, table.keyType, table.valueType, key, lo.toString())) !== undefined) continue;
        while (hi - lo > 1n) {
          const mid = (lo + hi) / 2n;
          if ((await itemAt(table.handle, table.keyType, table.valueType, key, mid.toString())) === undefined) lo = mid;
          else hi = mid;
        }
        found = { table, key, absentAt: lo.toString(), value };
        break;
      }
      if (found) break;
    }
    expect(found).toBeDefined();
    const { table, key, absentAt, value } = found!;
    const shown = (v: JsonValue) => (typeof v === 'string' ? v : JSON.stringify(v));

    const { user, region } = await openCompare(table.handle, key, absentAt, latest);
    expect(
      await within(region).findByText(`The item does not exist at version ${absentAt}.`, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    let row = within(region).getByText('(value)').closest('tr');
    expect(row?.querySelector('.diff-kind')?.textContent).toBe('added');
    expect(row?.className).toBe('diff-added');
    expect(row?.querySelector('.diff-after')?.textContent).toBe(shown(value));

    // The other way round.
    const fromField = within(region).getByRole('textbox', { name: 'From version' });
    const toField = within(region).getByRole('textbox', { name: 'To version' });
    await user.clear(fromField);
    await user.type(fromField, latest);
    await user.clear(toField);
    await user.type(toField, absentAt);
    await waitFor(
      () =>
        expect(within(region).getByText('(value)').closest('tr')?.querySelector('.diff-kind')?.textContent).toBe(
          'removed',
        ),
      { timeout: 10_000 },
    );
    row = within(region).getByText('(value)').closest('tr');
    expect(row?.querySelector('.diff-before')?.textContent).toBe(shown(value));
  });

  it('shows the fields of one item that changed between two versions, with both values', async () => {
    const ledger = (await withApi(() => requestJson<LedgerInfoJson>('/v1'))).body;
    const from = ledger.oldest_ledger_version;
    const to = ledger.ledger_version;
    // A sampled item that exists at both versions with a different value.
    let found: { handle: string; key: unknown; before: JsonValue; after: JsonValue } | undefined;
    for (const table of serviceFixture('main').info.samples.tables) {
      for (const key of table.keys) {
        const before = await itemAt(table.handle, table.keyType, table.valueType, key, from);
        const after = await itemAt(table.handle, table.keyType, table.valueType, key, to);
        if (before !== undefined && after !== undefined && JSON.stringify(before) !== JSON.stringify(after))
          found = { handle: table.handle, key, before, after };
        if (found) break;
      }
      if (found) break;
    }
    expect(found).toBeDefined();

    const { region } = await openCompare(found!.handle, found!.key, from, to);
    const changed = diffJson(found!.before, found!.after).filter((e) => e.kind === 'changed');
    expect(changed.length).toBeGreaterThan(0);
    for (const entry of changed) {
      const cell = await within(region).findByText(diffPathText(entry.path), {}, { timeout: 10_000 });
      const row = cell.closest('tr');
      expect(row?.querySelector('.diff-before')?.textContent).toBe(
        typeof entry.before === 'string' ? entry.before : JSON.stringify(entry.before),
      );
      expect(row?.querySelector('.diff-after')?.textContent).toBe(
        typeof entry.after === 'string' ? entry.after : JSON.stringify(entry.after),
      );
    }
  });
});

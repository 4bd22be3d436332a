/**
 * Journeys of Renderer II in a real Chromium against `ledger-explorer serve`: a table handle found
 * in a resource → prefilled lookup → decoded value → raw bytes → the inspector highlighting a
 * nested field's bytes → corrupted bytes naming the failing offset; the offline inspector; the gas
 * panel's three estimates; comparing an account at two versions; a CSV export equal to the table.
 * Handles, keys, versions and values come from the API and the snapshot's own samples.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type TableSample } from '../../electron/snapshot/snapshot-info.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { downloadedText, newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { parseCsv } from '../../renderer/lib/to-csv.ts';

interface TableInfo {
  readonly handle: string;
  readonly key_type: string;
  readonly value_type: string;
  readonly owner: { readonly address: string; readonly resource: string | null; readonly field: string | null } | null;
}

describe('tables, inspector, gas, compare and export journeys', () => {
  const session = useExplorerSession({ fixture: 'main' });
  let tables: readonly TableSample[];
  let senders: readonly string[];

  async function api<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await fetch(`${session.explorer.url}${path}`, init);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  }

  async function rawItem(handle: string, keyHex: string): Promise<Uint8Array> {
    const response = await fetch(`${session.explorer.url}/v1/tables/${handle}/raw_item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/x-bcs' },
      body: JSON.stringify({ key: keyHex }),
    });
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  }

  function rangeOf(label: string | null): [number, number] {
    const match = /bytes (\d+)–(\d+)$/.exec(label ?? '');
    expect(match, String(label)).not.toBeNull();
    return [Number(match![1]), Number(match![2])];
  }

  async function highlightedHex(page: Page): Promise<string> {
    return (await page.locator('.hex-byte[data-highlighted="true"]').allTextContents()).join('');
  }

  beforeAll(async () => {
    const store = SnapshotStore.open(fixturePath('main'));
    try {
      const info = snapshotInfo(store, 5);
      tables = info.samples.tables;
      senders = info.samples.senders.map((s) => s.address);
    } finally {
      store.close();
    }
  });

  it('table handle from a resource → prefilled lookup → value → raw → inspector → corrupted bytes', async () => {
    const sample = tables.find((t) => t.valueType.endsWith('::Record'));
    expect(sample).toBeDefined();
    const info = await api<TableInfo>(`/explorer/v1/tables/${sample!.handle}`);
    expect(info.owner?.resource).toBeTruthy();
    const { page, context, errors } = await newPage(session.browser);

    // The owning resource links its handle to the table panel.
    await page.goto(`${session.explorer.url}/accounts/${info.owner!.address}`);
    await page.getByRole('button', { name: `Expand ${info.owner!.resource!}` }).click();
    await page.locator(`a[href^="/tables/${info.handle}"]`).first().click();
    await page.waitForURL(new RegExp(`/tables/${info.handle}`));
    await expect.poll(() => page.getByRole('combobox', { name: 'Key type' }).inputValue()).toBe(info.key_type);
    expect(await page.getByRole('combobox', { name: 'Value type' }).inputValue()).toBe(info.value_type);

    // Key editor → key bytes → decoded value equal to the API's.
    await page.getByRole('textbox', { name: 'Key (JSON)' }).fill(JSON.stringify(sample!.keys[0]));
    await page.locator('.key-bytes', { hasText: sample!.rawKeys[0]! }).waitFor();
    await page.getByRole('button', { name: 'Look up' }).click();
    const heading = await page.getByRole('heading', { name: /^Value at version \d+$/ }).textContent();
    const version = /(\d+)$/.exec(heading ?? '')?.[1];
    const expected = await api<{ id: string; name: string }>(
      `/v1/tables/${info.handle}/item?ledger_version=${version}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key_type: info.key_type, value_type: info.value_type, key: sample!.keys[0] }),
      },
    );
    // In the value's JSON tree (the result also names the key it belongs to, which may be the same text).
    await page
      .getByRole('region', { name: 'Decoded value' })
      .getByRole('group', { name: 'JSON value' })
      .getByText(JSON.stringify(expected.name))
      .waitFor();
    await saveScreenshot(page, 'table-lookup');

    // Raw: the JSON key's bytes → stored bytes in the inspector.
    await page.getByRole('button', { name: "Use the JSON key's bytes" }).click();
    await page.getByRole('button', { name: 'Fetch raw item' }).click();
    const bytes = await rawItem(info.handle, sample!.rawKeys[0]!);
    const inspector = page.getByRole('region', { name: 'BCS inspector' });
    await inspector.getByText(`${bytes.length} bytes`, { exact: true }).waitFor();

    // A nested field: its bytes light up, and they are the stored bytes of that range.
    const row = inspector.getByRole('button', { name: /^max \(value\.metadata\.limits\.max\), .* bytes/ });
    await row.hover();
    const [start, end] = rangeOf(await row.textContent());
    expect(await highlightedHex(page)).toBe(bytesToHex(bytes.subarray(start, end), false));
    await saveScreenshot(page, 'table-inspector');

    // Corrupted bytes (the Option tag of metadata.note) in the inspector page: offset and field named.
    const [noteStart] = rangeOf(
      await inspector.getByRole('button', { name: /^note \(value\.metadata\.note\), .* bytes/ }).textContent(),
    );
    await page.getByRole('link', { name: 'open in the inspector page' }).click();
    await page.waitForURL(/\/inspect\?/);
    // The page's code loads on demand: until its heading is there the table page (with its "Key bytes (hex)") shows.
    await page.getByRole('heading', { level: 1, name: 'BCS inspector' }).waitFor();
    const corrupted = Uint8Array.from(bytes);
    corrupted[noteStart] = 9;
    await page.getByRole('textbox', { name: 'Bytes (hex)' }).fill(bytesToHex(corrupted));
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(`at byte ${noteStart}`);
    expect(await alert.textContent()).toContain('value.metadata.note');
    expect(await page.locator('.hex-byte.failed').getAttribute('data-offset')).toBe(String(noteStart));
    await saveScreenshot(page, 'inspect-corrupted');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a key that is not in the table shows the node's error record", async () => {
    const sample = tables.find((t) => t.keyType === 'u64');
    expect(sample).toBeDefined();
    // A key above every sampled key that the API itself says is absent.
    const key = String(sample!.keys.map((k) => BigInt(k as string)).reduce((a, b) => (a > b ? a : b)) * 1000n + 7n);
    const answer = await fetch(`${session.explorer.url}/v1/tables/${sample!.handle}/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_type: sample!.keyType, value_type: sample!.valueType, key }),
    });
    expect(answer.status).toBe(404);
    const record = (await answer.json()) as { message: string; error_code: string };
    const { page, context } = await newPage(session.browser, { colorScheme: 'dark' });
    await page.goto(`${session.explorer.url}/tables/${sample!.handle}`);
    await page.getByRole('textbox', { name: 'Key (JSON)' }).fill(JSON.stringify(key));
    await page.getByRole('button', { name: 'Look up' }).click();
    const alert = page.getByRole('region', { name: 'Decoded value' }).getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(record.error_code);
    expect(await alert.textContent()).toContain(record.message.split(' at ')[0]);
    await saveScreenshot(page, 'table-error-dark');
    await context.close();
  });

  it('/inspect decodes pasted bytes with every request blocked except page assets and ABIs', async () => {
    const sample = tables.find((t) => t.valueType.endsWith('::Record'));
    const bytes = await rawItem(sample!.handle, sample!.rawKeys[1] ?? sample!.rawKeys[0]!);
    const { page, context } = await newPage(session.browser, { colorScheme: 'dark' });
    const blocked: string[] = [];
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      const allowed =
        url.origin === session.explorer.url &&
        (url.pathname === '/inspect' ||
          url.pathname.startsWith('/assets/') ||
          /^\/v1\/accounts\/[^/]+\/module\/[^/]+$/.test(url.pathname));
      if (allowed) await route.continue();
      else {
        blocked.push(url.pathname);
        await route.abort();
      }
    });
    await page.goto(`${session.explorer.url}/inspect`);
    await page.getByRole('textbox', { name: 'Bytes (hex)' }).fill(bytesToHex(bytes));
    await page.getByRole('combobox', { name: 'Type tag' }).fill(sample!.valueType);
    const idRow = page.getByRole('button', { name: /^id \(value\.id\), .* bytes 0–8$/ });
    await idRow.waitFor();
    const id = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true);
    expect(await idRow.textContent()).toContain(JSON.stringify(id.toString()));
    // No error on the page (a hex or decode error, the version gate's). The frame's header and status bar, outside
    // <main>, rightly say "Ledger unavailable" once the ledger query has given up on its blocked requests, which on a
    // loaded machine can be before the bytes are decoded (a run of the e2e project at load 24 failed here on them).
    expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
    expect(blocked.length).toBeGreaterThan(0); // the frame's status requests went nowhere
    await page.getByRole('button', { name: /\(value\.metadata\.limits\), .* bytes/ }).click();
    expect((await highlightedHex(page)).length).toBeGreaterThan(0);
    await saveScreenshot(page, 'inspect-offline-dark');
    await context.close();
  });

  it('the gas panel shows the three values of /v1/estimate_gas_price and a chart of recent blocks', async () => {
    const estimate = await api<Record<string, number>>('/v1/estimate_gas_price');
    for (const scheme of ['light', 'dark'] as const) {
      const { page, context, errors } = await newPage(session.browser, { colorScheme: scheme });
      await page.goto(`${session.explorer.url}/gas`);
      for (const key of ['deprioritized_gas_estimate', 'gas_estimate', 'prioritized_gas_estimate']) {
        await expect.poll(() => page.locator(`[data-estimate="${key}"]`).textContent()).toBe(String(estimate[key]));
      }
      await page.locator('.gas-chart-plot canvas').waitFor();
      const box = await page.locator('.gas-chart-plot .u-over').boundingBox();
      expect(box).not.toBeNull();
      await page.mouse.move(box!.x + box!.width * 0.3, box!.y + box!.height / 2);
      await page.getByRole('definition').first().waitFor();
      await saveScreenshot(page, `gas-${scheme}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('comparing an account at two versions shows the changed balance', async () => {
    const ledger = await api<{ ledger_version: string; oldest_ledger_version: string }>('/v1');
    const coin = '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>';
    const valueAt = async (address: string, version: string): Promise<string | undefined> => {
      const response = await fetch(
        `${session.explorer.url}/v1/accounts/${address}/resource/${encodeURIComponent(coin)}?ledger_version=${version}`,
      );
      if (response.status !== 200) return undefined;
      return ((await response.json()) as { data: { coin: { value: string } } }).data.coin.value;
    };
    let found: { address: string; before: string; after: string } | undefined;
    for (const address of senders) {
      const before = await valueAt(address, ledger.oldest_ledger_version);
      const after = await valueAt(address, ledger.ledger_version);
      if (before !== undefined && after !== undefined && before !== after) {
        found = { address, before, after };
        break;
      }
    }
    expect(found).toBeDefined();
    const { page, context, errors } = await newPage(session.browser);
    const range = new URLSearchParams({ from: ledger.oldest_ledger_version, to: ledger.ledger_version });
    await page.goto(`${session.explorer.url}/accounts/${found!.address}/compare?${range.toString()}`);
    const block = page.getByRole('region', { name: `${coin} changed` });
    const row = block.locator('tr.diff-changed', { hasText: 'coin.value' });
    await row.waitFor();
    expect(await row.locator('.diff-before').textContent()).toBe(found!.before);
    expect(await row.locator('.diff-after').textContent()).toBe(found!.after);
    await saveScreenshot(page, 'compare-versions');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an exported CSV of the resources table holds the same rows as the table', async () => {
    const { page, context } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/accounts/0x1`);
    const table = page.getByRole('table', { name: 'Resources' });
    await table.waitFor();
    const shown = await table
      .getByRole('button', { name: /^(Expand|Collapse) / })
      .evaluateAll((buttons) =>
        buttons.map((b) => (b.getAttribute('aria-label') ?? '').replace(/^(Expand|Collapse) /, '')),
      );
    const downloading = page.waitForEvent('download');
    await page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    const [header, ...records] = parseCsv(await downloadedText(download));
    expect(header).toEqual(['type', 'data']);
    const types = records.map((r) => r[0]);
    expect(types.slice(0, shown.length)).toEqual(shown);
    const version =
      /ledger_version=(\d+)/.exec(page.url())?.[1] ?? (await api<{ ledger_version: string }>('/v1')).ledger_version;
    const all = await api<{ type: string; data: unknown }[]>(
      `/v1/accounts/0x1/resources?ledger_version=${version}&limit=${records.length}`,
    );
    expect(records.map((r) => [r[0], JSON.parse(r[1] ?? 'null') as unknown])).toEqual(all.map((r) => [r.type, r.data]));
    await saveScreenshot(page, 'export-resources');
    await context.close();
  });
});

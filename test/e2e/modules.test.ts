/**
 * The Modules tab in a real Chromium against `serve` on the main fixture: the sample's own package (0xcafe's
 * `registry`) published its source in `0x1::code::PackageRegistry`, and the tab shows it decompressed beside the ABI
 * (compared with the registry's bytes gunzipped here); a `#[view]` function runs from a typed form — a framework view
 * the snapshot computes answers (the same values as `POST /v1/view`), any other answers the snapshot's error record.
 */
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';
import { fixtureInfo } from './support/fixture-info.ts';

interface Registry {
  readonly data: { readonly packages: readonly { name: string; modules: { name: string; source: string }[] }[] };
}

describe('modules: published source and Run a view', () => {
  const session = useExplorerSession({ fixture: 'main' });
  let info: SnapshotInfo;
  beforeAll(() => {
    info = fixtureInfo();
  });
  const post = async (path: string, body: unknown): Promise<{ status: number; json: unknown }> => {
    const response = await fetch(`${session.explorer.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };

  it("shows 0xcafe::registry's published source, decompressed, beside its ABI", async () => {
    const registry = (await (
      await fetch(`${session.explorer.url}/v1/accounts/0xcafe/resource/0x1::code::PackageRegistry`)
    ).json()) as Registry;
    const hex = registry.data.packages.flatMap((p) => p.modules).find((m) => m.name === 'registry')!.source;
    expect(hex).not.toBe('0x');
    const expected = gunzipSync(Buffer.from(hex.slice(2), 'hex')).toString('utf8');
    expect(expected).toContain('module 0xcafe::registry');

    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context, errors } = await newPage(session.browser, { colorScheme });
      await page.goto(`${session.explorer.url}/accounts/0xcafe/modules`);
      await page.getByText('0xcafe::registry', { exact: true }).click();
      await page.getByRole('heading', { level: 3, name: 'Functions (4)' }).waitFor();
      await page.getByText(/^Source of package registry \(\d+ lines\)$/).click();
      const source = page.getByLabel('Source of 0xcafe::registry');
      await source.waitFor();
      expect(await source.textContent()).toBe(expected);
      await page.getByRole('heading', { level: 3, name: 'Source' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 200));
      await saveScreenshot(page, `modules-source-${colorScheme}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('runs a framework view with typed inputs; a view the snapshot cannot compute shows its error record', async () => {
    const sender = info.samples.senders[0]!.address;
    const ledger = (await (await fetch(`${session.explorer.url}/v1`)).json()) as { ledger_version: string };
    const { page, context } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/accounts/0x1/modules?ledger_version=${ledger.ledger_version}`);
    await page.getByRole('searchbox', { name: 'Filter modules' }).fill('coin');
    await page.getByText('0x1::coin', { exact: true }).click();
    await page.getByText('Run balance', { exact: true }).click();
    const form = page.getByRole('form', { name: 'Run 0x1::coin::balance' });
    await form.getByLabel('Type argument T0').fill('0x1::aptos_coin::AptosCoin');
    await form.getByLabel('Argument 0: address').fill(sender);
    await form.getByRole('button', { name: 'Run' }).click();
    await form.getByRole('status').getByText('Returned 1 value').waitFor();
    const expected = await post(`/v1/view?ledger_version=${ledger.ledger_version}`, {
      function: '0x1::coin::balance',
      type_arguments: ['0x1::aptos_coin::AptosCoin'],
      arguments: [sender],
    });
    expect(expected.status).toBe(200);
    const [balance] = expected.json as [string];
    await form.getByText(`"${balance}"`, { exact: true }).waitFor();
    // A typed input is checked before sending: text that is no address is refused with the reason.
    await form.getByLabel('Argument 0: address').fill('zz');
    await form.getByRole('button', { name: 'Run' }).click();
    await form
      .getByRole('alert')
      .getByText(/^Argument 0: address: expected 0x/)
      .waitFor();
    await saveScreenshot(page, 'modules-run-view');

    // 0xcafe::registry::record_count is a #[view] the snapshot cannot compute: its error record, shown.
    const refused = await post(`/v1/view?ledger_version=${ledger.ledger_version}`, {
      function: '0xcafe::registry::record_count',
      type_arguments: [],
      arguments: [],
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const record = refused.json as { message: string; error_code: string };
    await page.goto(`${session.explorer.url}/accounts/0xcafe/modules`);
    await page.getByText('0xcafe::registry', { exact: true }).click();
    await page.getByText('Run record_count', { exact: true }).click();
    const run = page.getByRole('form', { name: 'Run 0xcafe::registry::record_count' });
    await run.getByRole('button', { name: 'Run' }).click();
    const alert = run.getByRole('alert');
    await alert.getByText(record.message, { exact: true }).waitFor();
    expect(await alert.textContent()).toContain(record.error_code);
    await context.close();
  });
});

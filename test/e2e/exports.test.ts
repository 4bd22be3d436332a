/**
 * Exports on every table view, in a real Chromium against `serve` on the main fixture: Activity, Compare, a
 * transaction's changes, the blocks list and a block's transactions each save a JSON file whose provenance names the
 * chain, the version, the source, the snapshot's content digest (the same as `snapshot info --digest` computes from
 * the file), what the rows are about, the app's version and the time; the rows are the view's (checked against the
 * API).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { contentDigest } from '../../electron/snapshot/snapshot-digest.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { downloadedText, newPage, useExplorerSession } from './support/e2e-harness.ts';
import { fixtureInfo } from './support/fixture-info.ts';

interface Exported {
  readonly provenance: Readonly<Record<string, unknown>>;
  readonly rows: readonly Readonly<Record<string, unknown>>[];
}

const APP_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** Clicks the view's "Export JSON" and reads the saved file. */
async function exportJson(page: Page): Promise<Exported> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'Export JSON' }).click();
  const download = await downloading;
  return JSON.parse(await downloadedText(download)) as Exported;
}

describe('exports with provenance on every table view', () => {
  const session = useExplorerSession({ fixture: 'main' });
  let info: SnapshotInfo;
  let digest: string;
  let ledger: { chain_id: number; ledger_version: string; oldest_ledger_version: string };
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${session.explorer.url}${path}`);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  beforeAll(async () => {
    info = fixtureInfo();
    const store = SnapshotStore.open(fixturePath('main'));
    try {
      digest = contentDigest(store.database);
    } finally {
      store.close();
    }
    ledger = await api('/v1');
  });

  /** The provenance every export carries, for `subject` at `version`. */
  const expectProvenance = (exported: Exported, subject: string, version: string): void => {
    const { provenance } = exported;
    expect(provenance.exported_by).toBe('Ledger Explorer');
    expect(provenance.app_version).toBe(APP_VERSION);
    expect(provenance.chain_id).toBe(ledger.chain_id);
    expect(provenance.ledger_version).toBe(version);
    expect(provenance.source).toMatch(/^snapshot fixture-main-[0-9a-f]+\.db$/);
    expect(provenance.content_digest).toBe(digest);
    expect(provenance.subject).toBe(subject);
    expect(Date.parse(String(provenance.exported_at))).not.toBeNaN();
  };

  it('the snapshot digest endpoint answers what snapshot info --digest computes', async () => {
    expect(await api<{ content_digest: string }>('/explorer/v1/source/digest')).toEqual({ content_digest: digest });
  });

  it('Activity and Compare (an account)', async () => {
    const sender = info.samples.senders[0]!.address;
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/accounts/${sender}/activity?ledger_version=${ledger.ledger_version}`);
    await page.getByRole('table', { name: 'Activity' }).waitFor();
    const activity = await exportJson(page);
    expectProvenance(activity, `account ${sender}, transactions that touched it`, ledger.ledger_version);
    // The newest row is the indexer's newest transaction touching the account at that version.
    const touched = await fetch(`${session.explorer.url}/v1/graphql?ledger_version=${ledger.ledger_version}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          'query N($a: String) { account_transactions(where: {account_address: {_eq: $a}}, ' +
          'order_by: {transaction_version: desc}, limit: 1) { transaction_version } }',
        variables: { a: sender },
      }),
    });
    const newest = (await touched.json()) as { data: { account_transactions: { transaction_version: number }[] } };
    expect(String(activity.rows[0]?.version)).toBe(String(newest.data.account_transactions[0]!.transaction_version));

    const from = (BigInt(ledger.ledger_version) - 2000n).toString();
    await page.goto(
      `${session.explorer.url}/accounts/${sender}/compare?from=${from}&to=${ledger.ledger_version}` +
        `&ledger_version=${ledger.ledger_version}`,
    );
    await page
      .getByRole('status')
      .getByText(/between versions/)
      .waitFor();
    const compare = await exportJson(page);
    expectProvenance(
      compare,
      `account ${sender}, resources compared at versions ${from} and ${ledger.ledger_version}`,
      ledger.ledger_version,
    );
    expect(compare.rows.length).toBeGreaterThan(0);
    expect(Object.keys(compare.rows[0]!)).toEqual([
      'resource',
      'resource_change',
      'field',
      'change',
      'before',
      'after',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a transaction's changes, the blocks list and a block's transactions", async () => {
    const version = info.samples.transactions.user!.version;
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/txn/${version}`);
    await page.locator('section.transaction-changes[data-changes-ready="true"]').waitFor({ timeout: 20_000 });
    const changes = await exportJson(page);
    expectProvenance(changes, `transaction ${version}, changes`, ledger.ledger_version);
    const transaction = await api<{ changes: unknown[] }>(`/v1/transactions/by_version/${version}`);
    expect(changes.rows).toEqual(transaction.changes);

    await page.goto(`${session.explorer.url}/blocks`);
    await page.getByText(/^100 blocks loaded/).waitFor();
    const blocks = await exportJson(page);
    expectProvenance(blocks, 'blocks', ledger.ledger_version);
    expect(blocks.rows).toHaveLength(100);
    const newestBlock = await api<{ block_height: string }>(`/v1/blocks/by_version/${ledger.ledger_version}`);
    expect(blocks.rows[0]).toMatchObject({ height: newestBlock.block_height });

    const block = info.samples.blocks[0]!;
    await page.goto(`${session.explorer.url}/blocks/${block.height}`);
    await page.getByRole('table', { name: 'Transactions' }).getByRole('link').first().waitFor();
    const inBlock = await exportJson(page);
    expectProvenance(inBlock, `block ${block.height}, transactions`, ledger.ledger_version);
    expect(inBlock.rows[0]).toMatchObject({ version: block.firstVersion });
    expect(errors).toEqual([]);
    await context.close();
  });
});

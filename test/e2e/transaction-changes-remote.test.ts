/**
 * The Changes section reads the same either way (issue 24 item 5): the same transaction opened in a real Chromium
 * against `ledger-explorer serve` on a snapshot — one explorer read of the write set
 * (`/explorer/v1/transactions/by_version/{v}/changes`) — and against `serve --remote` in front of a stand-in node
 * without the explorer API, where the section walks the node per change. The section's text is the same; the requests
 * differ: one changes read and no read at V − 1 on the snapshot, one read at V − 1 per change through the node.
 * The transaction is a user transaction with resource-group members, found through the API (a node without table
 * info shows table items as bytes, so the one compared writes no table item).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CommittedTransactionJson } from '../../renderer/api/transaction-json.ts';
import { drawnByClient, launchBrowser, newPage, startExplorer, type RunningExplorer } from './support/e2e-harness.ts';
import { startNodeWithoutExplorer } from './support/node-without-explorer.ts';

interface Ledger {
  readonly ledger_version: string;
  readonly oldest_ledger_version: string;
}

interface ChangesPage {
  readonly changes: readonly { readonly group: string | null }[];
}

describe('transaction changes over a snapshot and over a node without the explorer API', () => {
  let backend: RunningExplorer;
  let front: RunningExplorer;
  let node: { url: string; close(): Promise<void> };
  let browser: Browser;

  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${backend.url}${path}`);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    backend = await startExplorer({ fixture: 'main' });
    node = await startNodeWithoutExplorer(backend.url);
    front = await startExplorer({ remote: node.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await front?.stop();
    await node?.close();
    await backend?.stop();
  });

  /** The first user transaction after the oldest that writes group members and resources but no table item. */
  async function sampleTransaction(): Promise<CommittedTransactionJson> {
    const ledger = await api<Ledger>('/v1');
    for (let start = BigInt(ledger.oldest_ledger_version) + 1n; ; start += 100n) {
      const page = await api<CommittedTransactionJson[]>(`/v1/transactions?start=${start}&limit=100`);
      for (const txn of page) {
        const changes = txn.changes ?? [];
        if (txn.type !== 'user_transaction' || changes.length < 4) continue;
        if (changes.some((c) => c.type.endsWith('_table_item'))) continue;
        const facts = await api<ChangesPage>(`/explorer/v1/transactions/by_version/${txn.version}/changes`);
        if (facts.changes.some((c) => c.group !== null)) return txn;
      }
      if (page.length < 100) throw new Error('no user transaction with group members and no table item');
    }
  }

  /** Opens the transaction on `base`, waits for the section, and returns its text and the requests made. */
  async function readSection(base: string, version: string, page: Page): Promise<{ text: string; urls: string[] }> {
    const urls: string[] = [];
    page.on('request', (request) =>
      urls.push(decodeURIComponent(new URL(request.url()).pathname + new URL(request.url()).search)),
    );
    // The page's own reads are what is compared: the client draws it (a page the server rendered reads in-process).
    await drawnByClient(page, `${base}/txn/${version}`);
    await page.goto(`${base}/txn/${version}`);
    const section = page.locator('section.transaction-changes[data-changes-ready="true"]');
    await section.waitFor({ timeout: 30_000 });
    await page.getByRole('list', { name: 'APT balance changes' }).waitFor();
    return { text: await section.innerText(), urls };
  }

  it('shows the same changes from one explorer read as from the node walked per change', async () => {
    const txn = await sampleTransaction();
    const before = `ledger_version=${BigInt(txn.version) - 1n}`;
    const local = await newPage(browser);
    const remote = await newPage(browser);
    try {
      const fromSnapshot = await readSection(backend.url, txn.version, local.page);
      const fromNode = await readSection(front.url, txn.version, remote.page);
      expect(fromSnapshot.text).toContain('Resource group');
      expect(fromSnapshot.text).toContain(`Before (version ${BigInt(txn.version) - 1n})`);
      expect(fromNode.text).toBe(fromSnapshot.text);

      const changesReads = (urls: string[]) => urls.filter((u) => u.endsWith('/changes?start=0&limit=1000'));
      expect(changesReads(fromSnapshot.urls)).toEqual([
        `/explorer/v1/transactions/by_version/${txn.version}/changes?start=0&limit=1000`,
      ]);
      expect(fromSnapshot.urls.filter((u) => u.includes(before))).toEqual([]);
      // Through the node: the changes read is refused (no explorer API) and each resource is read at V − 1.
      expect(changesReads(fromNode.urls)).toHaveLength(1);
      const resources = (txn.changes ?? []).filter((c) => c.type === 'write_resource').length;
      const walked = fromNode.urls.filter((u) => u.includes('/resource/') && u.includes(before));
      expect(walked.length).toBeGreaterThanOrEqual(Math.min(resources, 20));
      expect(local.errors).toEqual([]);
    } finally {
      await local.context.close();
      await remote.context.close();
    }
  });
});

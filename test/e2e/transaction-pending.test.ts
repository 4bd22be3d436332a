/**
 * A transaction found by hash while the node still holds it in its mempool, in a real Chromium: `serve --remote` in
 * front of a stand-in node that answers `GET /v1/transactions/by_hash/{h}` with the `pending_transaction` a node
 * sends while the transaction waits (what was signed: no version, outcome, events or changes) until the test lets it
 * through, then passes the committed one on from a `serve` of the main fixture. The page says the transaction is
 * pending, shows what was signed, asks the node again, and opens the committed transaction's page once the node has
 * it. A kind this explorer does not know (a newer node's) is shown as sent, with a note. Expected values come from
 * the backend's API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { UserTransaction } from '../../shared/api/wire-schemas.ts';
import { callOf, userTransaction } from '../support/wire-transactions.ts';
import { fixtureInfo } from './support/fixture-info.ts';
import { launchBrowser, newPage, startExplorer, type RunningExplorer } from './support/e2e-harness.ts';
import { startStandInNode, type StandInNode } from './support/stand-in-node.ts';

/** The `pending_transaction` a node sends for `committed` while it waits in the mempool (node key order). */
function pendingOf(committed: UserTransaction): Record<string, unknown> {
  return {
    hash: committed.hash,
    sender: committed.sender,
    sequence_number: committed.sequence_number,
    max_gas_amount: committed.max_gas_amount,
    gas_unit_price: committed.gas_unit_price,
    expiration_timestamp_secs: committed.expiration_timestamp_secs,
    payload: committed.payload,
    signature: committed.signature,
    replay_protection_nonce: committed.replay_protection_nonce ?? null,
    type: 'pending_transaction',
  };
}

describe('a pending transaction found by hash', () => {
  let backend: RunningExplorer;
  let front: RunningExplorer;
  let node: StandInNode;
  let browser: Browser;
  let committed: UserTransaction;
  let unknownVersion: string;
  /** Whether the stand-in still answers the sample's hash as pending, and how often it was asked. */
  const mempool = { holds: true, asked: 0 };
  /** The ledger headers a node sends with every answer, as the backend sends them. */
  const ledgerHeaders: Record<string, string> = {};

  const reply = (res: ServerResponse, status: number, body: unknown): true => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...ledgerHeaders });
    res.end(JSON.stringify(body));
    return true;
  };
  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = req.url ?? '';
    if (path === `/v1/transactions/by_hash/${committed.hash}` && mempool.holds) {
      mempool.asked += 1;
      // A node answers a transaction still in its mempool with 202 Accepted.
      return reply(res, 202, pendingOf(committed));
    }
    if (path === `/v1/transactions/by_version/${unknownVersion}`)
      return reply(res, 200, {
        version: unknownVersion,
        hash: `0x${'e'.repeat(64)}`,
        sealed_payload: '0x00ff',
        type: 'encrypted_transaction',
      });
    return false;
  };

  beforeAll(async () => {
    backend = await startExplorer({ fixture: 'main' });
    const sample = fixtureInfo().samples.transactions.user;
    if (sample === null) throw new Error('the main fixture has no user transaction sample');
    const read = await fetch(`${backend.url}/v1/transactions/by_version/${sample.version}`);
    committed = userTransaction(await read.json());
    read.headers.forEach((value, name) => {
      if (name.startsWith('x-aptos-')) ledgerHeaders[name] = value;
    });
    unknownVersion = (BigInt(sample.version) + 1n).toString();
    node = await startStandInNode(backend.url, answer);
    front = await startExplorer({ remote: node.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await front?.stop();
    await node?.close();
    await backend?.stop();
  });

  it('says it is pending, shows what was signed, asks again, then opens the committed page', async () => {
    const { page, context, errors } = await newPage(browser);
    try {
      await page.goto(`${front.url}/txn/${committed.hash}`);
      await page.getByRole('heading', { level: 1, name: 'Pending transaction' }).waitFor();
      const status = page.getByRole('status').filter({ hasText: 'not committed yet' });
      expect(await status.innerText()).toContain("In the node's mempool, not committed yet");
      expect(await page.locator('.transaction-hash .mono').innerText()).toBe(committed.hash);
      const fact = (term: string) => page.locator('.transaction-fact', { has: page.locator(`dt:text-is("${term}")`) });
      expect(await fact('Status').locator('dd').innerText()).toBe('Pending');
      expect(await fact('Sender').getByRole('link').getAttribute('href')).toBe(`/accounts/${committed.sender}`);
      expect(await fact('Sequence number').locator('dd').innerText()).toBe(committed.sequence_number);
      expect(await fact('Max gas').locator('dd').innerText()).toContain('gas units');
      await page.getByRole('heading', { level: 2, name: /^Payload/ }).waitFor();
      const call = callOf(committed);
      expect(await page.locator('.transaction-function').innerText()).toContain(call.function.split('::')[2]!);
      // A pending transaction has no outcome: no events, no changes, no step to other versions.
      expect(await page.getByRole('heading', { level: 2, name: /^Events/ }).count()).toBe(0);
      expect(await page.getByRole('heading', { level: 2, name: /^Changes/ }).count()).toBe(0);

      // The page asks the node again while it answers pending.
      const askedBefore = mempool.asked;
      await expect.poll(() => mempool.asked, { timeout: 10_000 }).toBeGreaterThan(askedBefore);
      expect(page.url()).toBe(`${front.url}/txn/${committed.hash}`);

      // Committed: the next answer is the committed transaction, and its page by version opens.
      mempool.holds = false;
      await page.waitForURL(new RegExp(`/txn/${committed.version}$`), { timeout: 10_000 });
      await page.getByRole('heading', { level: 1, name: `Transaction ${committed.version}` }).waitFor();
      await page.getByRole('heading', { level: 2, name: `Events (${committed.events.length})` }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a kind it does not know as the node sent it, saying so', async () => {
    const { page, context, errors } = await newPage(browser);
    try {
      await page.goto(`${front.url}/txn/${unknownVersion}`);
      await page.getByRole('heading', { level: 1, name: `Transaction ${unknownVersion}` }).waitFor();
      const note = page.getByRole('note').filter({ hasText: 'does not know' });
      expect(await note.innerText()).toBe(
        'The node sent a transaction of kind encrypted_transaction, which this explorer does not know, so it is ' +
          'shown below as the node sent it.',
      );
      expect(await page.getByRole('group', { name: 'JSON transaction' }).innerText()).toContain('sealed_payload');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/**
 * The block page over the real read service (main fixture): the block's facts and neighbours, its
 * transactions (block metadata, user — one failed —, checkpoint or epilogue) with links to their
 * pages, the kind filter in the URL, the API's 404 and 410 records, and a block holding more
 * transactions than its reply (a node's cap, stood in for at the fetch boundary) read by pages.
 */
import { describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import type { CommittedTransactionJson } from '../../../renderer/api/transaction-json.ts';
import { isUserTransaction } from '../../../shared/api/wire-schemas.ts';
import { callOf } from '../../support/wire-transactions.ts';
import { renderApp } from '../support/render-app.tsx';
import { renderWithoutExplorer } from '../support/render-remote.tsx';
import { apiJson } from '../support/api-before-render.ts';
import type { LedgerInfoJson as LedgerJson } from '../../../renderer/api/types.ts';
import { interceptFetch, serviceFixture } from '../support/service-fetch.ts';
import { jsonResponse } from '../support/remote-source.ts';

/** The node's block reply with its transactions. */
interface NodeBlock {
  readonly block_height: string;
  readonly block_hash: string;
  readonly first_version: string;
  readonly last_version: string;
  readonly transactions: readonly CommittedTransactionJson[] | null;
}

const blocks = new Map<number, NodeBlock>();

/** The first block of the main fixture (from the oldest retained) that `wanted` accepts, with its transactions. */
async function findBlock(what: string, wanted: (txns: readonly CommittedTransactionJson[]) => boolean) {
  const ledger = await apiJson<LedgerJson>('/v1', 'main');
  for (let height = Number(ledger.oldest_block_height); height <= Number(ledger.block_height); height += 1) {
    let block = blocks.get(height);
    if (block === undefined) {
      block = await apiJson<NodeBlock>(`/v1/blocks/by_height/${height}?with_transactions=true`, 'main');
      blocks.set(height, block);
    }
    if (wanted(block.transactions ?? [])) return block;
  }
  throw new Error(`the main fixture has no block ${what}`);
}

/** A block with block metadata, user transactions (a failed one among the first 15) and an epilogue. */
function mixedBlock(): Promise<NodeBlock> {
  return findBlock('with a failed user transaction early and an epilogue', (txns) => {
    const failed = txns.findIndex((txn) => txn.success === false);
    return txns.some((txn) => txn.type === 'block_epilogue_transaction') && failed > 0 && failed < 15;
  });
}

function rowOf(version: string): HTMLElement {
  return screen.getByRole('link', { name: `Transaction ${version}` }).closest('[role="row"]') as HTMLElement;
}

function shownVersions(): string[] {
  const table = screen.getByRole('table', { name: 'Transactions' });
  return within(table)
    .getAllByRole('link', { name: /^Transaction \d+$/ })
    .map((link) => link.textContent ?? '');
}

describe('block page', () => {
  it("shows the block's facts and its transactions in version order, failed ones marked", async () => {
    const block = await mixedBlock();
    const txns = block.transactions!;
    renderApp(`/blocks/${block.block_height}`);
    await screen.findByRole('heading', { level: 1, name: `Block ${block.block_height}` });
    const list = await screen.findByLabelText(`Facts of block ${block.block_height}`);
    expect(within(list).getByText(block.block_hash)).toBeTruthy();
    expect(within(list).getByText(`${block.first_version}–${block.last_version}`)).toBeTruthy();
    expect(within(list).getByRole('button', { name: `Copy hash of block ${block.block_height}` })).toBeTruthy();
    expect(await screen.findByText(`${txns.length} transactions`)).toBeTruthy();

    const shown = shownVersions();
    expect(shown.length).toBeGreaterThan(10);
    expect(shown).toEqual(txns.slice(0, shown.length).map((txn) => txn.version));
    const first = txns[0]!;
    expect(first.type).toBe('block_metadata_transaction');
    expect(within(rowOf(first.version)).getByText('block metadata')).toBeTruthy();
    expect(screen.getByRole('link', { name: `Transaction ${first.version}` }).getAttribute('href')).toBe(
      `/txn/${first.version}`,
    );
    const user = txns.filter(isUserTransaction).find((txn) => txn.success)!;
    const userRow = rowOf(user.version);
    expect(within(userRow).getByText('user')).toBeTruthy();
    expect(within(userRow).getByText(callOf(user).function)).toBeTruthy();
    expect(within(userRow).getByText('success')).toBeTruthy();
    expect(within(userRow).getByText(user.gas_used)).toBeTruthy();
    expect(within(userRow).getByRole('link', { name: /^0x/ }).getAttribute('href')).toMatch(/^\/accounts\/0x/);
    const failed = txns.find((txn) => txn.success === false)!;
    expect(within(rowOf(failed.version)).getByText(`failed: ${failed.vm_status!}`)).toBeTruthy();
    expect(rowOf(failed.version).className).toContain('failed');
    // The metadata's proposer and epoch are in the facts.
    expect(within(list).getByText(`${first.epoch!} · ${first.round!}`)).toBeTruthy();
  });

  it('hides the kinds unticked in the filter, in the URL', async () => {
    const block = await mixedBlock();
    const txns = block.transactions!;
    const { user } = renderApp(`/blocks/${block.block_height}`);
    await screen.findByText(`${txns.length} transactions`);
    await user.click(screen.getByRole('checkbox', { name: 'block metadata (1)' }));
    await user.click(screen.getByRole('checkbox', { name: 'block epilogue (1)' }));
    await screen.findByText(`${txns.length - 2} of ${txns.length} transactions shown`);
    expect(new URLSearchParams(window.location.search).get('hide')).toBe(
      'block_epilogue_transaction,block_metadata_transaction',
    );
    const users = txns.filter((txn) => txn.type === 'user_transaction');
    const shown = shownVersions();
    expect(shown).toEqual(users.slice(0, shown.length).map((txn) => txn.version));
    await user.click(screen.getByRole('checkbox', { name: 'block metadata (1)' }));
    await screen.findByText(`${txns.length - 1} of ${txns.length} transactions shown`);
    expect(shownVersions()[0]).toBe(txns[0]!.version);
  });

  it('shows a block with a state checkpoint, hidden from the URL and shown again', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    const oldest = ledger.oldest_block_height;
    const block = await apiJson<NodeBlock>(`/v1/blocks/by_height/${oldest}?with_transactions=true`, 'main');
    const last = block.transactions!.at(-1)!;
    expect(last.type).toBe('state_checkpoint_transaction');
    const { user } = renderApp(`/blocks/${oldest}?hide=state_checkpoint_transaction`);
    await screen.findByText(`${block.transactions!.length - 1} of ${block.transactions!.length} transactions shown`);
    expect(screen.queryByRole('link', { name: `Transaction ${last.version}` })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'state checkpoint (1)' }));
    await waitFor(() => expect(within(rowOf(last.version)).getByText('state checkpoint')).toBeTruthy());
    expect(window.location.search).toBe('');
  });

  it('links the neighbours, never past the oldest retained block nor the pinned one', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    const oldest = Number(ledger.oldest_block_height);
    renderApp(`/blocks/${oldest}`);
    await screen.findByLabelText(`Facts of block ${oldest}`);
    expect(screen.queryByRole('link', { name: '← Previous block' })).toBeNull();
    expect(screen.getByText('(older blocks are pruned)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next block →' }).getAttribute('href')).toBe(`/blocks/${oldest + 1}`);
  });

  it('stops at the block holding the pinned version, and links keep the pin', async () => {
    const block = await apiJson<NodeBlock>('/v1/blocks/by_version/10000', 'main');
    const height = Number(block.block_height);
    renderApp(`/blocks/${height}?ledger_version=10000`);
    await screen.findByLabelText(`Facts of block ${height}`);
    await screen.findByText('(the pinned version 10000 is in this block)');
    expect(screen.queryByRole('link', { name: 'Next block →' })).toBeNull();
    expect(screen.getByRole('link', { name: '← Previous block' }).getAttribute('href')).toBe(
      `/blocks/${height - 1}?ledger_version=10000`,
    );
    expect(screen.getByRole('link', { name: `Transaction ${block.first_version}` }).getAttribute('href')).toBe(
      `/txn/${block.first_version}?ledger_version=10000`,
    );
    // The block holds versions after the pin: those rows are marked, the others not.
    const after = within(rowOf('10001')).getByText('after pin');
    expect(after.getAttribute('title')).toBe('After the pinned version 10000');
    expect(within(rowOf('10000')).queryByText('after pin')).toBeNull();

    // A later block opened by its height says that it comes after the pin.
    cleanup();
    renderApp(`/blocks/${height + 1}?ledger_version=10000`);
    expect(
      await screen.findByText(
        'This block comes after the pinned version 10000: it was committed later than the state shown elsewhere.',
      ),
    ).toBeTruthy();
  });

  it("shows the API's record for a block not yet there (404) and a pruned one (410)", async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    const future = Number(ledger.block_height) + 10;
    renderApp(`/blocks/${future}`);
    const missing = await screen.findByRole('alert');
    expect(within(missing).getByText(`Block not found by Block height(${future})`)).toBeTruthy();
    expect(within(missing).getByText('block_not_found')).toBeTruthy();
    expect(within(missing).getByText('· HTTP 404')).toBeTruthy();

    cleanup();
    renderApp('/blocks/3');
    const pruned = await screen.findByText(
      `Block(3) has been pruned, oldest block height is ${ledger.oldest_block_height}`,
    );
    expect(within(pruned.closest('[role="alert"]') as HTMLElement).getByText('block_pruned')).toBeTruthy();
  });

  it('says a path that is no height is not one, without asking the source', async () => {
    const { fixture } = renderApp('/blocks/latest');
    expect(await screen.findByText('“latest” is not a block height (a decimal number)')).toBeTruthy();
    expect(fixture.requests.some((request) => request.includes('/blocks/by_height/'))).toBe(false);
  });

  it('reads the transactions a capped block reply left out by /v1/transactions pages', async () => {
    const block = await findBlock('of more than 110 transactions', (txns) => txns.length > 110);
    const txns = block.transactions!;
    const fixture = serviceFixture('main');
    const cap = 3;
    // A node whose cap is 3 transactions a block reply (the real cap is 10,000; no fixture block is that big).
    interceptFetch(fixture, async (url, forward) => {
      const answer = await forward();
      if (!url.pathname.startsWith('/v1/blocks/by_height/') || url.searchParams.get('with_transactions') !== 'true')
        return answer;
      const body = (await answer.json()) as NodeBlock;
      return jsonResponse({ ...body, transactions: body.transactions!.slice(0, cap) });
    });
    window.history.replaceState(null, '', `/blocks/${block.block_height}`);
    const user = userEvent.setup();
    render(<App queryClient={createQueryClient()} />);
    // The first rows reach the end of what was read, so the next page is asked for by itself.
    await screen.findByText(`${cap + 100} transactions · ${txns.length - cap - 100} not read yet`);
    expect(fixture.requests).toContain(
      `GET /v1/transactions?start=${BigInt(block.first_version) + BigInt(cap)}&limit=100`,
    );
    const shown = shownVersions();
    expect(shown).toEqual(txns.slice(0, shown.length).map((txn) => txn.version));
    await user.click(screen.getByRole('button', { name: 'Read more transactions' }));
    await screen.findByText(`${txns.length} transactions`);
    expect(screen.queryByRole('button', { name: 'Read more transactions' })).toBeNull();
  });

  it('reads a block from a node without the explorer API', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'small');
    const height = ledger.block_height;
    const block = await apiJson<NodeBlock>(`/v1/blocks/by_height/${height}?with_transactions=true`, 'small');
    renderWithoutExplorer(`/blocks/${height}`);
    const facts = await screen.findByLabelText(`Facts of block ${height}`, {}, { timeout: 10_000 });
    expect(within(facts).getByText(block.block_hash)).toBeTruthy();
    const count = block.transactions!.length;
    await screen.findByText(`${count} ${count === 1 ? 'transaction' : 'transactions'}`);
    const shown = shownVersions();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(block.transactions!.map((txn) => txn.version).slice(0, shown.length));
    expect(screen.getByText('(newest block)')).toBeTruthy();
  });
});

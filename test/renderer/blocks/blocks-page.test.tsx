/**
 * The blocks list over the real read service (main fixture: blocks 0–1241, the oldest retained 249):
 * newest first with the explorer list's facts, older pages, the start at the block holding a pinned
 * version, a jump to a height, the end at the oldest retained block, and, on a node without the
 * explorer API, a walk by height.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { renderWithoutExplorer } from '../support/render-remote.tsx';
import { apiJson } from '../support/api-before-render.ts';
import type { LedgerInfoJson as LedgerJson } from '../../../renderer/api/types.ts';
import { normalizeAddress } from '../../../shared/address.ts';
import { blockMetadataTransaction } from '../../support/wire-transactions.ts';

/** The node's block reply (the fields read here). */
interface NodeBlock {
  readonly block_height: string;
  readonly first_version: string;
  readonly last_version: string;
}

/** The explorer list's page. */
interface ExplorerBlocks {
  readonly blocks: readonly { readonly height: string; readonly user_transactions: number }[];
}

/** The heights of the rows on screen, in order. */
function shownHeights(): string[] {
  const table = screen.getByRole('table', { name: 'Blocks' });
  return within(table)
    .getAllByRole('link', { name: /^Block \d+$/ })
    .map((link) => link.textContent ?? '');
}

function descending(from: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => String(from - index));
}

describe('blocks list', () => {
  it('lists the newest blocks first with their facts, then older pages', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    const newest = Number(ledger.block_height);
    const { user } = renderApp('/blocks');
    await screen.findByText(`100 blocks loaded · heights ${newest} to ${newest - 99}`);
    const shown = shownHeights();
    expect(shown.length).toBeGreaterThan(10);
    expect(shown).toEqual(descending(newest, shown.length));
    expect(screen.getByRole('link', { name: `Block ${newest}` }).getAttribute('href')).toBe(`/blocks/${newest}`);

    // The row's facts are the node's block and the explorer's counts; the proposer is the block metadata's.
    const block = await apiJson<NodeBlock>(`/v1/blocks/by_height/${newest}`, 'main');
    const listed = (await apiJson<ExplorerBlocks>(`/explorer/v1/blocks?before=${newest}&limit=1`, 'main')).blocks[0]!;
    const metadata = blockMetadataTransaction(
      await apiJson<unknown>(`/v1/transactions/by_version/${block.first_version}`, 'main'),
    );
    const row = screen.getByRole('link', { name: `Block ${newest}` }).closest('[role="row"]') as HTMLElement;
    const count = BigInt(block.last_version) - BigInt(block.first_version) + 1n;
    expect(within(row).getByText(`${block.first_version}–${block.last_version}`)).toBeTruthy();
    expect(within(row).getByText(`${count} (${listed.user_transactions} user)`)).toBeTruthy();
    const proposer = await within(row).findByRole('link', { name: /^0x/ });
    expect(proposer.getAttribute('href')).toBe(`/accounts/${normalizeAddress(metadata.proposer)}`);

    await user.click(screen.getByRole('button', { name: 'Load older blocks' }));
    await screen.findByText(`200 blocks loaded · heights ${newest} to ${newest - 199}`);
  });

  it('starts at the block holding the pinned version and lists none after it', async () => {
    const block = await apiJson<NodeBlock>('/v1/blocks/by_version/10000', 'main');
    const height = Number(block.block_height);
    renderApp('/blocks?ledger_version=10000');
    await screen.findByText(`100 blocks loaded · heights ${height} to ${height - 99}`);
    expect(shownHeights()[0]).toBe(String(height));
    expect(screen.queryByRole('link', { name: `Block ${height + 1}` })).toBeNull();
    expect(
      screen.getByText(
        `The list starts at block ${height}, which holds the pinned version 10000; later blocks are not shown.`,
      ),
    ).toBeTruthy();
    // Links keep the pin.
    expect(screen.getByRole('link', { name: `Block ${height}` }).getAttribute('href')).toBe(
      `/blocks/${height}?ledger_version=10000`,
    );
  });

  it('jumps to a height and ends at the oldest retained block, saying so', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    const oldest = Number(ledger.oldest_block_height);
    const { user } = renderApp('/blocks');
    await screen.findByText(/^100 blocks loaded/);
    const field = screen.getByRole('textbox', { name: 'Jump to height' });
    // Above the largest u64 (shared/ledger/u64.ts): no height, refused in the form instead of asked of the server.
    await user.type(field, '18446744073709551616');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A block height is a decimal number.');
    expect(window.location.search).toBe('');
    await user.clear(field);
    await user.type(field, 'twelve');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A block height is a decimal number.');
    expect(window.location.search).toBe('');

    await user.clear(field);
    await user.type(field, String(oldest + 11));
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await screen.findByText(`12 blocks loaded · heights ${oldest + 11} to ${oldest}`);
    expect(window.location.search).toBe(`?height=${oldest + 11}`);
    expect(shownHeights()).toEqual(descending(oldest + 11, 12));
    expect(
      screen.getByText(`Older blocks are pruned from this source: the oldest block it retains is ${oldest}.`),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load older blocks' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Newest blocks' }).getAttribute('href')).toBe('/blocks');
  });

  it('says a height below the oldest retained block is pruned', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    renderApp('/blocks?height=3');
    expect(
      await screen.findByText(
        `Block 3 is pruned from this source: the oldest block it retains is ${ledger.oldest_block_height}.`,
      ),
    ).toBeTruthy();
  });

  it('walks a node without the explorer API by height, without gas facts', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'small');
    const newest = Number(ledger.block_height);
    const { user } = renderWithoutExplorer('/blocks');
    // 20 heights a page; the rows on screen reach the end of the first page, so the next is read by itself.
    await screen.findByText(`40 blocks loaded · heights ${newest} to ${newest - 39}`, {}, { timeout: 10_000 });
    const shown = shownHeights();
    expect(shown).toEqual(descending(newest, shown.length));
    expect(screen.getByText(/This source has no explorer API/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load older blocks' }));
    await screen.findByText(`60 blocks loaded · heights ${newest} to ${newest - 59}`);
  });

  it('stops walking a node at its first pruned block (410), saying so', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'small');
    const oldest = Number(ledger.oldest_block_height);
    expect(oldest).toBeGreaterThan(0);
    renderWithoutExplorer(`/blocks?height=${oldest + 4}`);
    await screen.findByText(`5 blocks loaded · heights ${oldest + 4} to ${oldest}`, {}, { timeout: 10_000 });
    expect(shownHeights()).toEqual(descending(oldest + 4, 5));
    expect(
      screen.getByText(`Older blocks are pruned from this source: the oldest block it retains is ${oldest}.`),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load older blocks' })).toBeNull();
  });

  it("links the gas panel's block details and the navigation to the blocks pages", async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    const { user } = renderApp('/gas');
    const details = await screen.findByLabelText(`Block ${ledger.block_height}`, {}, { timeout: 10_000 });
    expect(within(details).getByRole('link', { name: ledger.block_height }).getAttribute('href')).toBe(
      `/blocks/${ledger.block_height}`,
    );
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Blocks' }));
    await screen.findByRole('heading', { level: 1, name: 'Blocks' });
    expect(window.location.pathname).toBe('/blocks');
  });
});

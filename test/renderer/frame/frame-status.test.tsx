/**
 * The status bar over the real read service: the source and the ledger figures as the API answers
 * them.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { apiJson, type LedgerJson } from '../support/api-before-render.ts';

describe('status bar', () => {
  it('shows the snapshot name, chain id, latest version, block height, epoch and oldest retained version', async () => {
    const ledger = await apiJson<LedgerJson>('/v1');
    renderApp('/', { fixture: 'small' });
    const bar = await screen.findByRole('contentinfo', { name: 'Status' });
    await within(bar).findByText('small.db');
    expect(document.title).toBe('small.db — Ledger Explorer');
    const figure = (label: string): string | null | undefined =>
      within(bar).getByText(label).parentElement?.querySelector('.mono')?.textContent;
    await waitFor(() => expect(figure('Latest version')).toBe(ledger.ledger_version));
    expect(figure('Chain')).toBe(String(ledger.chain_id));
    expect(figure('Block height')).toBe(ledger.block_height);
    expect(figure('Epoch')).toBe(ledger.epoch);
    expect(figure('Oldest retained')).toBe(ledger.oldest_ledger_version);
    // Each version opens its transaction, with a pin beside it.
    for (const version of [ledger.ledger_version, ledger.oldest_ledger_version]) {
      expect(
        within(bar)
          .getByRole('link', { name: `Open transaction ${version}` })
          .getAttribute('href'),
      ).toBe(`/txn/${version}`);
      expect(
        within(bar)
          .getByRole('link', { name: `Pin ledger version ${version}` })
          .getAttribute('href'),
      ).toBe(`/?ledger_version=${version}`);
    }
  });
});

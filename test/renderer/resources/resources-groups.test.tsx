/**
 * The resources tab on an object account (0xa, the APT fungible asset metadata) over the real read service: the
 * members of its ObjectGroup are rows of their own, in the API's order, and the group tag is not a row.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { requestJson } from '../../../renderer/api/client.ts';
import type { LedgerInfoJson, MoveResourceJson } from '../../../renderer/api/types.ts';

function rowTypes(): string[] {
  const table = screen.getByRole('table', { name: 'Resources' });
  return within(table)
    .getAllByRole('button', { name: /^(Expand|Collapse) / })
    .map((button) => (button.getAttribute('aria-label') ?? '').replace(/^(Expand|Collapse) /, ''));
}

describe('resources tab on an object', () => {
  it('shows each resource-group member as a row', async () => {
    renderApp('/accounts/0xa');
    const version = (await requestJson<LedgerInfoJson>('/v1')).body.ledger_version;
    const expected = (
      await requestJson<MoveResourceJson[]>('/v1/accounts/0xa/resources', { query: { ledger_version: version } })
    ).body.map((r) => r.type);
    expect(expected).toEqual(expect.arrayContaining(['0x1::object::ObjectCore', '0x1::fungible_asset::Metadata']));
    await screen.findByRole('table', { name: 'Resources' });
    await screen.findByText(new RegExp(`^${expected.length} resources loaded in 1 page · all loaded`));
    expect(rowTypes()).toEqual(expected);
    expect(rowTypes()).not.toContain('0x1::object::ObjectGroup');
  });
});

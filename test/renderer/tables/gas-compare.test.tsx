/**
 * The gas panel and the compare page over the real read service: the three estimates equal
 * `/v1/estimate_gas_price`, the newest block's facts equal `/explorer/v1/blocks`; comparing an
 * account at two versions lists the resources whose fields changed with both values.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture, withApi } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { BlockListJson, GasEstimateJson, LedgerInfoJson, MoveResourceJson } from '../../../renderer/api/types.ts';
import { diffJson } from '../../../renderer/lib/json-diff.ts';
import { diffResources } from '../../../renderer/features/compare/resource-diff.ts';

describe('gas panel', () => {
  it('shows the three estimates of /v1/estimate_gas_price with their unit, and the newest block', async () => {
    const estimate = (await withApi(() => requestJson<GasEstimateJson>('/v1/estimate_gas_price'))).body;
    const blocks = (await withApi(() => requestJson<BlockListJson>('/explorer/v1/blocks', { query: { limit: 100 } })))
      .body.blocks;
    renderApp('/gas');
    const list = await screen.findByLabelText('Gas price estimates', {}, { timeout: 10_000 });
    for (const key of ['deprioritized_gas_estimate', 'gas_estimate', 'prioritized_gas_estimate'] as const) {
      const cell = list.querySelector(`[data-estimate="${key}"]`);
      expect(cell?.textContent).toBe(String(estimate[key]));
    }
    expect(within(list).getAllByText('octas / gas unit')).toHaveLength(3);
    const details = await screen.findByLabelText(`Block ${blocks[0]!.height}`);
    expect(within(details).getByText(`${blocks[0]!.inclusion_price} octas / gas unit`)).toBeTruthy();
  });
});

describe('compare', () => {
  it('diffs JSON field by field', () => {
    const entries = diffJson({ a: '1', b: { c: [1, 2] }, gone: true }, { a: '2', b: { c: [1, 2, 3] }, added: 'x' });
    expect(entries.map((e) => [e.path.join('.'), e.kind])).toEqual([
      ['a', 'changed'],
      ['b.c.0', 'unchanged'],
      ['b.c.1', 'unchanged'],
      ['b.c.2', 'added'],
      ['gone', 'removed'],
      ['added', 'added'],
    ]);
    expect(entries.find((e) => e.path.join('.') === 'a')).toMatchObject({ before: '1', after: '2' });
  });

  it('shows the account resources that changed between two versions, with both values', async () => {
    const fixture = serviceFixture('main');
    const address = fixture.info.samples.senders[0]!.address;
    const ledger = (await withApi(() => requestJson<LedgerInfoJson>('/v1'))).body;
    const from = ledger.oldest_ledger_version;
    const to = ledger.ledger_version;
    const read = (version: string) =>
      withApi(() =>
        requestJson<MoveResourceJson[]>(`/v1/accounts/${address}/resources`, {
          query: { ledger_version: version, limit: 1000 },
        }),
      );
    const changes = diffResources((await read(from)).body, (await read(to)).body).filter((c) => c.kind === 'changed');
    expect(changes.length).toBeGreaterThan(0);
    renderApp(`/accounts/${address}/compare?from=${from}&to=${to}`);
    for (const change of changes) {
      const block = await screen.findByRole('region', { name: `${change.type} changed` }, { timeout: 10_000 });
      for (const field of change.fields.filter((f) => f.kind === 'changed')) {
        const row = within(block).getByText(field.path.join('.')).closest('tr');
        expect(row?.querySelector('.diff-before')?.textContent).toBe(String(field.before));
        expect(row?.querySelector('.diff-after')?.textContent).toBe(String(field.after));
      }
    }
  });
});

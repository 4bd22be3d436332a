/**
 * The gas panel over the real read service: the three estimates equal `/v1/estimate_gas_price`
 * with their unit, and the newest block's facts equal `/explorer/v1/blocks`.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { withApi } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { BlockListJson, GasEstimateJson } from '../../../renderer/api/types.ts';

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

/**
 * The gas panel on a remote node without `/explorer/v1` (404 `web_framework_error`, as our remote
 * proxy answers): it shows the estimates only and says why there is no chart.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { requestJson } from '../../../renderer/api/client.ts';
import type { GasEstimateJson } from '../../../renderer/api/types.ts';
import { renderWithoutExplorer } from '../support/render-remote.tsx';

describe('gas panel on a remote node without the explorer API', () => {
  it('the gas panel shows the three estimates only, and says why there is no chart', async () => {
    renderWithoutExplorer('/gas');
    const estimate = (await requestJson<GasEstimateJson>('/v1/estimate_gas_price')).body;
    const list = await screen.findByLabelText('Gas price estimates', {}, { timeout: 10_000 });
    expect(list.querySelector('[data-estimate="gas_estimate"]')?.textContent).toBe(String(estimate.gas_estimate));
    expect(await screen.findByText(/node without the explorer API/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /recent blocks/ })).toBeNull();
  });
});

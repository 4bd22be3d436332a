/**
 * Gas and tables on a remote node without `/explorer/v1` (404 `web_framework_error`, as our remote
 * proxy answers): the gas panel shows the estimates only and says why; the table panel has no
 * metadata to prefill and lets the types be typed, then looks the item up. The node is stood in
 * for at the fetch boundary by the real read service minus its explorer routes.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { GasEstimateJson, JsonValue } from '../../../renderer/api/types.ts';
import { interceptFetch, serviceFixture } from '../support/service-fetch.ts';
import { jsonResponse, localnetSource } from '../support/remote-source.ts';

const REMOTE_SOURCE = localnetSource();

function renderRemote(path: string) {
  interceptFetch(serviceFixture('small'), (url, forward) => {
    if (url.pathname === '/explorer/v1/source') return jsonResponse(REMOTE_SOURCE);
    if (url.pathname.startsWith('/explorer/v1/'))
      return jsonResponse(
        {
          message: 'The explorer API (/explorer/v1) is not available for a remote node',
          error_code: 'web_framework_error',
          vm_error_code: null,
        },
        404,
      );
    return forward();
  });
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  render(<App queryClient={createQueryClient()} />);
  return { user };
}

describe('on a remote node without the explorer API', () => {
  it('the gas panel shows the three estimates only, and says why there is no chart', async () => {
    renderRemote('/gas');
    const estimate = (await requestJson<GasEstimateJson>('/v1/estimate_gas_price')).body;
    const list = await screen.findByLabelText('Gas price estimates', {}, { timeout: 10_000 });
    expect(list.querySelector('[data-estimate="gas_estimate"]')?.textContent).toBe(String(estimate.gas_estimate));
    expect(await screen.findByText(/node without the explorer API/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /recent blocks/ })).toBeNull();
  });

  it('the table panel takes typed key and value types and looks the item up', async () => {
    const sample = serviceFixture('small').info.samples.tables.find((t) => t.keyType === 'address');
    expect(sample).toBeDefined();
    const { user } = renderRemote(`/tables/${sample!.handle}`);
    expect(await screen.findByText(/no metadata for this table/)).toBeTruthy();
    const keyType = screen.getByRole('combobox', { name: 'Key type' });
    expect((keyType as HTMLInputElement).value).toBe('');
    await user.type(keyType, sample!.keyType);
    await user.type(screen.getByRole('combobox', { name: 'Value type' }), sample!.valueType);
    await user.click(screen.getByRole('textbox', { name: 'Key (JSON)' }));
    await user.paste(JSON.stringify(sample!.keys[0]));
    const lookUp = screen.getByRole('button', { name: 'Look up' });
    await waitFor(() => expect((lookUp as HTMLButtonElement).disabled).toBe(false));
    await user.click(lookUp);
    const result = await screen.findByRole('region', { name: 'Decoded value' });
    const version = /Value at version (\d+)/.exec(result.textContent ?? '')?.[1];
    const expected = await requestJson<JsonValue>(`/v1/tables/${sample!.handle}/item`, {
      method: 'POST',
      query: { ledger_version: version },
      body: { key_type: sample!.keyType, value_type: sample!.valueType, key: sample!.keys[0] },
    });
    await waitFor(() => expect(within(result).getByText(JSON.stringify(expected.body))).toBeTruthy());
  });
});

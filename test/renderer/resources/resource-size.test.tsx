/**
 * The resources tab's two sizes over the real read service: the column is the JSON size (UTF-8
 * bytes of the API's JSON for `data`), and an opened resource shows its stored size, the length of
 * its BCS bytes at the version in view.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture } from '../support/service-fetch.ts';
import { requestBcs, requestJson } from '../../../renderer/api/client.ts';
import type { MoveResourceJson } from '../../../renderer/api/types.ts';

describe('resource sizes', () => {
  it('shows the JSON size per row and the stored (BCS) size of an opened resource at the pinned version', async () => {
    const info = serviceFixture('main').info;
    const sender = info.samples.senders[0]!.address;
    const pin = String(info.oldestVersion);
    const { user } = renderApp(`/accounts/${sender}/resources?ledger_version=${pin}`);
    const table = await screen.findByRole('table', { name: 'Resources' });
    expect(within(table).getByRole('columnheader', { name: 'JSON size (bytes)' })).toBeTruthy();
    const resources = (
      await requestJson<MoveResourceJson[]>(`/v1/accounts/${sender}/resources`, {
        query: { ledger_version: pin, limit: 100 },
      })
    ).body;
    const resource = resources.find((r) => r.type.startsWith('0x1::account::Account'))!;
    expect(resource).toBeDefined();
    const type = resource.type;
    const stored = (
      await requestBcs(`/v1/accounts/${sender}/resource/${encodeURIComponent(type)}`, {
        query: { ledger_version: pin },
      })
    ).body;
    const json = new TextEncoder().encode(JSON.stringify(resource.data)).length;
    // The two sizes differ (JSON spells numbers and bytes as text), so the test tells them apart.
    expect(json).not.toBe(stored.length);

    const toggle = within(table).getByRole('button', { name: `Expand ${type}` });
    const row = toggle.closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText(json.toLocaleString('en-US'))).toBeTruthy();
    await user.click(toggle);
    expect((await screen.findByText(`${stored.length.toLocaleString('en-US')} bytes`)).closest('p')?.textContent).toBe(
      `Stored size (BCS): ${stored.length.toLocaleString('en-US')} bytes`,
    );
  });
});

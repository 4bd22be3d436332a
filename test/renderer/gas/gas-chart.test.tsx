/**
 * The gas chart without a mouse, over the real read service: the chart is focusable and ←/→,
 * Home and End move the block whose details are shown, in the API's block order.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { BlockListJson } from '../../../renderer/api/types.ts';
import { CHART_BLOCKS } from '../../../renderer/api/queries/gas-queries.ts';

describe('gas chart keyboard', () => {
  it('moves through the blocks with the arrow keys, Home and End', async () => {
    const restore = routeFetchInto(serviceFixture('main'));
    // The page of blocks the panel asks for (the fixture does not move, so the chart shows these).
    const list = await requestJson<BlockListJson>('/explorer/v1/blocks', { query: { limit: CHART_BLOCKS } })
      .then((answer) => answer.body.blocks)
      .finally(restore);
    expect(list.length).toBeGreaterThan(2);
    const { user } = renderApp('/gas');
    const chart = await screen.findByRole(
      'slider',
      { name: `Chart of ${list.length} recent blocks` },
      { timeout: 10_000 },
    );
    const shown = (): string => chart.getAttribute('aria-valuetext') ?? '';
    expect(shown()).toBe(`Block ${list[0]!.height}`);
    await screen.findByLabelText(`Block ${list[0]!.height}`);

    chart.focus();
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toBe(`Block ${list[1]!.height}`);
    const details = await screen.findByLabelText(`Block ${list[1]!.height}`);
    expect(within(details).getByText(`${list[1]!.inclusion_price} octas / gas unit`)).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toBe(`Block ${list[2]!.height}`);
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe(`Block ${list[1]!.height}`);
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(shown()).toBe(`Block ${list.at(-1)!.height}`);
    await screen.findByLabelText(`Block ${list.at(-1)!.height}`);
    fireEvent.keyDown(chart, { key: 'End' });
    expect(shown()).toBe(`Block ${list[0]!.height}`);
    // At the newest block → stays there.
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe(`Block ${list[0]!.height}`);
  });
});

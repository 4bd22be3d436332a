/**
 * The gas page's honesty about versions and its chart's legend: estimates and recent blocks are the
 * node's latest by nature, so a pinned version is said not to apply; uPlot's legend is a colour key
 * only, so it never reads "--" next to a details box that shows the newest block.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { BlockListJson } from '../../../renderer/api/types.ts';
import { CHART_BLOCKS } from '../../../renderer/api/queries/gas-queries.ts';
import { apiJson, type LedgerJson } from '../support/api-before-render.ts';

/** A 2D context that accepts every call (happy-dom draws nothing), so uPlot builds its DOM and legend. */
function inertContext(): unknown {
  const handler: ProxyHandler<() => unknown> = {
    get: (_target, key) => (key === Symbol.toPrimitive ? () => 0 : key === 'then' ? undefined : proxy),
    set: () => true,
    apply: () => proxy,
  };
  const proxy: unknown = new Proxy(() => undefined, handler);
  return proxy;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('gas page', () => {
  it('says a pinned version does not apply to the estimates and recent blocks', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    const pinned = ledger.oldest_ledger_version;
    expect(pinned).not.toBe(ledger.ledger_version);
    renderApp(`/gas?ledger_version=${pinned}`);
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(
      `Gas estimates and recent blocks are always the latest; the pinned version ${pinned} does not apply here.`,
    );
    await screen.findByLabelText('Gas price estimates');
  });

  it('says nothing about pinning when nothing is pinned', async () => {
    renderApp('/gas');
    await screen.findByLabelText('Gas price estimates');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('keeps the chart legend a colour key: no "--" values beside the details of the newest block', async () => {
    const restore = routeFetchInto(serviceFixture('main'));
    const list = await requestJson<BlockListJson>('/explorer/v1/blocks', { query: { limit: CHART_BLOCKS } })
      .then((answer) => answer.body.blocks)
      .finally(restore);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () => inertContext() as CanvasRenderingContext2D,
    );
    // uPlot builds its series' paths as Path2D objects, which happy-dom lacks.
    vi.stubGlobal('Path2D', function Path2D() {
      return inertContext();
    });
    const { container } = renderApp('/gas');
    await screen.findByRole('slider', { name: `Chart of ${list.length} recent blocks` }, { timeout: 10_000 });
    const details = await screen.findByLabelText(`Block ${list[0]!.height}`);
    // The block links to its page and its first and last versions to their transactions.
    expect(within(details).getByRole('link', { name: list[0]!.height }).getAttribute('href')).toBe(
      `/blocks/${list[0]!.height}`,
    );
    for (const version of [list[0]!.first_version, list[0]!.last_version])
      expect(
        within(details)
          .getByRole('link', { name: `Open transaction ${version}` })
          .getAttribute('href'),
      ).toBe(`/txn/${version}`);
    const legend = await waitFor(() => {
      const found = container.querySelector('.u-legend');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(legend.textContent).toContain('Inclusion price');
    expect(legend.textContent).toContain('User transactions');
    expect(legend.textContent).not.toContain('--');
  });
});

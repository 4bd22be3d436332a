/**
 * The frame for keyboard and screen-reader users, over the real read service: the pinned-version banner (named
 * region, version, one click back to the latest), "Skip to content" as the first Tab stop, focus moved to the new
 * page's main heading after a navigation (not on the first load, not when only the query string changes), and
 * the version field sized for 20 digits.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture } from '../support/service-fetch.ts';

describe('frame for keyboard users', () => {
  it('shows a banner naming the pinned version, with one click back to the latest', async () => {
    const pin = serviceFixture('main').info.oldestVersion;
    const { user } = renderApp(`/gas?ledger_version=${pin}`);
    const banner = await screen.findByRole('region', { name: 'Pinned ledger version' });
    expect(banner.textContent).toContain(`Showing the state at ledger version ${pin}`);
    // Under the header's rows, inside the sticky header, so it stays in view while the page scrolls.
    expect(banner.closest('header')).not.toBeNull();
    await user.click(within(banner).getByRole('button', { name: 'Back to latest' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.queryByRole('region', { name: 'Pinned ledger version' })).toBeNull();
    expect(window.location.pathname).toBe('/gas');
  });

  it('shows no banner while following the latest', async () => {
    renderApp('/gas');
    await screen.findByRole('heading', { name: 'Gas prices' });
    expect(screen.queryByRole('region', { name: 'Pinned ledger version' })).toBeNull();
  });

  it('makes "Skip to content" the first Tab stop, and it moves the focus to the main view', async () => {
    const { user } = renderApp('/gas');
    await screen.findByRole('heading', { name: 'Gas prices' });
    document.body.focus();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.hash).toBe('');
  });

  it('moves the focus to the main heading after a navigation, not on first load nor on a query change', async () => {
    const { user } = renderApp('/gas');
    const gas = await screen.findByRole('heading', { name: 'Gas prices' });
    expect(document.activeElement).not.toBe(gas);
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Inspect' }));
    const inspect = await screen.findByRole('heading', { name: 'BCS inspector', level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(inspect));
    // A change of the query string only (the slider pinning a version) leaves the focus where it is.
    const slider = screen.getByRole('slider', { name: 'Ledger version slider' });
    slider.focus();
    const oldest = slider.getAttribute('min')!;
    fireEvent.change(slider, { target: { value: oldest } });
    fireEvent.pointerUp(slider);
    await waitFor(() => expect(window.location.search).toBe(`?ledger_version=${oldest}`));
    expect(document.activeElement).toBe(slider);
  });

  it("sizes the version field for a 20-digit version (u64 max), not the latest version's length", async () => {
    renderApp('/gas');
    const field = await screen.findByRole('spinbutton', { name: 'Ledger version' });
    // The width comes from the stylesheet (20ch plus the spin buttons), never an inline width of the latest's length.
    expect(field.style.width).toBe('');
    expect(field.classList.contains('version-input')).toBe(true);
  });
});

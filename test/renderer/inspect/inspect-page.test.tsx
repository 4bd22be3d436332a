/**
 * The stand-alone inspector page: a fresh page is a neutral hint (nothing to decode is not an
 * error), and the typed bytes and type live in the URL (replaced while typing, bounded in length)
 * so a reload or Back restores them. Decoding here needs no fixture data: plain integers.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { MAX_URL_HEX } from '../../../renderer/features/inspect/inspect-page.tsx';
import { MAX_SHOWN_BYTES } from '../../../renderer/components/bcs-inspector/hex-view.tsx';

const bytesField = (): HTMLTextAreaElement => screen.getByRole('textbox', { name: 'Bytes (hex)' });
const typeField = (): HTMLInputElement => screen.getByRole('combobox', { name: 'Type tag' });

describe('inspect page', () => {
  it('opens with a hint, not a decoding error, and no bytes to save', async () => {
    renderApp('/inspect');
    const inspector = await screen.findByRole('region', { name: 'BCS inspector' });
    expect(await within(inspector).findByText('Paste bytes as hex above to decode them as the type tag.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Decoding failed/)).toBeNull();
    expect(within(inspector).getByText('0 bytes')).toBeTruthy();
    expect(within(inspector).getByRole('button', { name: 'Save bytes' })).toHaveProperty('disabled', true);
  });

  it('says "1 byte" for one byte and enables saving it', async () => {
    const { user } = renderApp('/inspect?type=u8');
    await user.type(bytesField(), '0x07');
    const inspector = screen.getByRole('region', { name: 'BCS inspector' });
    expect(await within(inspector).findByText('1 byte')).toBeTruthy();
    expect(within(inspector).getByRole('button', { name: 'Save bytes' })).toHaveProperty('disabled', false);
    await within(inspector).findByRole('button', { name: /^value \(value\), .* bytes 0–1$/ }, { timeout: 10_000 });
  });

  it('keeps bytes and type in the URL, replacing the entry while typing, so reload and Back restore them', async () => {
    const first = renderApp('/inspect');
    const { user } = first;
    const entries = window.history.length;
    await user.type(bytesField(), '0x2a000000');
    await user.clear(typeField());
    await user.type(typeField(), 'u32');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('type')).toBe('u32'));
    expect(new URLSearchParams(window.location.search).get('hex')).toBe('0x2a000000');
    expect(window.history.length).toBe(entries);
    await screen.findByRole('button', { name: /^value \(value\), .* bytes 0–4$/ }, { timeout: 10_000 });
    const typed = `${window.location.pathname}${window.location.search}`;

    // Another inspector URL (a link), then Back: the typed work returns.
    window.history.pushState(null, '', '/inspect?hex=0x01&type=u8');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(bytesField().value).toBe('0x01'));
    expect(typeField().value).toBe('u8');
    window.history.back();
    await waitFor(() => expect(bytesField().value).toBe('0x2a000000'));
    expect(typeField().value).toBe('u32');

    // Reload.
    first.unmount();
    renderApp(typed);
    expect(bytesField().value).toBe('0x2a000000');
    expect(typeField().value).toBe('u32');
    await screen.findByRole('button', { name: /^value \(value\), .* bytes 0–4$/ }, { timeout: 10_000 });
  });

  it('leaves very long hex out of the URL and says so; one byte past the shown ones is "1 more byte"', async () => {
    const { user } = renderApp('/inspect?hex=0x01&type=u8');
    // Longer than the URL takes, and one byte more than the hex view renders.
    const long = `0x${'00'.repeat(MAX_SHOWN_BYTES + 1)}`;
    expect(long.length).toBeGreaterThan(MAX_URL_HEX);
    await user.clear(bytesField());
    await user.click(bytesField());
    await user.paste(long);
    expect(bytesField().value).toBe(long);
    await waitFor(() => expect(new URLSearchParams(window.location.search).has('hex')).toBe(false));
    expect(new URLSearchParams(window.location.search).get('type')).toBe('u8');
    expect(window.location.href.length).toBeLessThan(MAX_URL_HEX);
    expect(screen.getByText(/too long to keep in the page's address/)).toBeTruthy();
    expect(screen.getByText('… 1 more byte not shown')).toBeTruthy();
  });
});

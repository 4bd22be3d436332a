/**
 * The table lookup's usability fixes over the real read service: a key that is not JSON gets a message saying
 * how to write it, a lookup scrolls its result into view and focuses its heading, the compare mode and its two
 * versions live in the URL, and an object reference (`{inner: "0x…"}`) in the value links to its account
 * keeping the pinned version.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture } from '../support/service-fetch.ts';
import { sampleWhere } from '../support/table-samples.ts';
import { checkKey } from '../../../renderer/features/tables/key-validation.ts';
import { captureDownloads } from '../support/capture-downloads.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A table of `0xcafe::registry::Record` values (they hold `badge: Object<Badge>`, an `{inner}` reference). */
function recordTable() {
  return sampleWhere((s) => s.keyType === 'u64' && s.valueType.endsWith('::registry::Record'));
}

describe('table lookup usability', () => {
  it('says how to write a key that is not JSON instead of the parser message', () => {
    const layout = { kind: 'address' } as const;
    const bare = checkKey('abc', layout as never);
    expect(bare).toEqual({
      ok: false,
      reason: 'Keys must be JSON: put text in double quotes, e.g. "abc" (numbers may go without).',
    });
    const unquoted = checkKey('{owner: "0x1"}', layout as never);
    expect(unquoted.ok === false && unquoted.reason).toBe(
      'Keys must be JSON: put object field names in double quotes, e.g. {"owner": "0x1"}.',
    );
    const other = checkKey('[1,', layout as never);
    expect(other.ok === false && other.reason).toMatch(
      /^The key is not valid JSON \(.+\)\. Text goes in double quotes/,
    );
  });

  it('shows the message for an unquoted key in the page', async () => {
    const sample = sampleWhere((s) => s.keyType === 'address');
    const { user } = renderApp(`/tables/${sample.handle}`);
    await user.type(await screen.findByRole('textbox', { name: 'Key (JSON)' }), 'abc');
    expect(
      await screen.findByText('Keys must be JSON: put text in double quotes, e.g. "abc" (numbers may go without).'),
    ).toBeTruthy();
  });

  it('scrolls the result into view and focuses its heading after a lookup', async () => {
    const sample = recordTable();
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const { user } = renderApp(`/tables/${sample.handle}`);
    await user.click(await screen.findByRole('textbox', { name: 'Key (JSON)' }));
    await user.paste(JSON.stringify(sample.keys[0]));
    const lookUp = screen.getByRole('button', { name: 'Look up' });
    await waitFor(() => expect((lookUp as HTMLButtonElement).disabled).toBe(false));
    await user.click(lookUp);
    const heading = await screen.findByRole('heading', { name: /^Value at version \d+$/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrolled.mock.contexts).toContain(heading);
  });

  it('does not move the focus for a lookup restored from the URL on load', async () => {
    const sample = recordTable();
    renderApp(`/tables/${sample.handle}?key=${encodeURIComponent(JSON.stringify(sample.keys[0]))}`);
    const heading = await screen.findByRole('heading', { name: /^Value at version \d+$/ });
    await screen.findByRole('group', { name: 'JSON value' });
    expect(document.activeElement).not.toBe(heading);
  });

  it('keeps the compare mode and its versions in the URL (replaced), and restores them from it', async () => {
    const sample = recordTable();
    const info = serviceFixture('main').info;
    const key = JSON.stringify(sample.keys[0]);
    const { user } = renderApp(`/tables/${sample.handle}?key=${encodeURIComponent(key)}`);
    await screen.findByRole('heading', { name: /^Value at version \d+$/ });
    const before = window.history.length;
    await user.click(screen.getByRole('checkbox', { name: 'Compare two versions' }));
    const region = await screen.findByRole('region', { name: 'Compare item at two versions' });
    await user.type(within(region).getByRole('textbox', { name: 'From version' }), info.oldestVersion);
    const to = within(region).getByRole('textbox', { name: 'To version' });
    await user.clear(to);
    await user.type(to, info.latestVersion);
    const params = new URLSearchParams(window.location.search);
    expect(params.get('compare')).toBe('1');
    expect(params.get('from')).toBe(info.oldestVersion);
    expect(params.get('to')).toBe(info.latestVersion);
    expect(window.history.length).toBe(before);

    // A reload of that URL shows the same comparison.
    const url = `${window.location.pathname}${window.location.search}`;
    renderApp(url);
    const restored = await screen.findAllByRole('region', { name: 'Compare item at two versions' });
    const last = restored.at(-1)!;
    expect((within(last).getByRole('textbox', { name: 'From version' }) as HTMLInputElement).value).toBe(
      info.oldestVersion,
    );
    expect((within(last).getByRole('textbox', { name: 'To version' }) as HTMLInputElement).value).toBe(
      info.latestVersion,
    );
    expect((screen.getAllByRole('checkbox', { name: 'Compare two versions' }).at(-1) as HTMLInputElement).checked).toBe(
      true,
    );

    // Leaving compare mode drops its versions from the URL.
    await user.click(screen.getAllByRole('checkbox', { name: 'Compare two versions' }).at(-1)!);
    const after = new URLSearchParams(window.location.search);
    expect([after.get('compare'), after.get('from'), after.get('to')]).toEqual([null, null, null]);
  });

  it("links an object reference's inner address to its account, keeping the pinned version", async () => {
    const sample = recordTable();
    const pin = serviceFixture('main').info.latestVersion;
    const key = encodeURIComponent(JSON.stringify(sample.keys[0]));
    const { user } = renderApp(`/tables/${sample.handle}?key=${key}&ledger_version=${pin}`);
    const tree = await screen.findByRole('group', { name: 'JSON value' });
    const badge = within(tree).queryByRole('button', { name: 'Expand value.badge' });
    if (badge) await user.click(badge);
    const inner = within(tree).getByText('inner').closest('.json-row')!;
    const link = within(inner as HTMLElement).getByRole('link');
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toMatch(/^\/accounts\/0x[0-9a-f]+$/);
    expect(href.searchParams.get('ledger_version')).toBe(pin);
  });

  it('exports a looked-up value as JSON with its provenance: { provenance, value }', async () => {
    const sample = recordTable();
    const info = serviceFixture('main').info;
    const downloads = captureDownloads();
    const key = encodeURIComponent(JSON.stringify(sample.keys[0]));
    const { user } = renderApp(`/tables/${sample.handle}?key=${key}&ledger_version=${info.latestVersion}`);
    await screen.findByRole('group', { name: 'JSON value' });
    await user.click(screen.getByRole('button', { name: 'Export value as JSON' }));
    await waitFor(() => expect(downloads.blobs).toHaveLength(1), { timeout: 60_000 });
    const file = JSON.parse(await downloads.blobs[0]!.text()) as {
      provenance: Record<string, unknown>;
      value: unknown;
    };
    expect(Object.keys(file)).toEqual(['provenance', 'value']);
    expect(file.provenance).toMatchObject({
      exported_by: 'Ledger Explorer',
      chain_id: info.chainId,
      ledger_version: info.latestVersion,
    });
    expect(String(file.provenance.source)).toMatch(/^snapshot /);
    expect(typeof file.value).toBe('object');
    expect(downloads.names).toEqual([`${sample.handle}-item-v${info.latestVersion}.json`]);
  });
});

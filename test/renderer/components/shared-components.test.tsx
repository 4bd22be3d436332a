/**
 * The small shared components the feature folders use: AddressLink (short form, account path,
 * pinned version kept, copy of the long form), VersionLink (opens its transaction; a pin beside it pins on the
 * current or a given path),
 * CopyButton (says whether the copy worked).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { AddressLink } from '../../../renderer/components/address-link.tsx';
import { VersionLink } from '../../../renderer/components/version-link.tsx';
import { CopyButton } from '../../../renderer/components/copy-button.tsx';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';
import { apiJson, type LedgerJson } from '../support/api-before-render.ts';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

function renderAt(path: string, children: ReactNode, fixture: 'small' | 'main' = 'small') {
  restore = routeFetchInto(serviceFixture(fixture));
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

describe('AddressLink', () => {
  it('shows the short form, links to the account keeping the pinned version, and copies the long form', async () => {
    const user = renderAt('/gas?ledger_version=12', <AddressLink address={`0x${'0'.repeat(60)}cafe`} tab="events" />);
    const link = screen.getByRole('link', { name: '0xcafe' });
    expect(link.getAttribute('href')).toBe('/accounts/0xcafe/events?ledger_version=12');
    await user.click(screen.getByRole('button', { name: 'Copy address 0xcafe' }));
    expect(await navigator.clipboard.readText()).toBe(`0x${'0'.repeat(60)}cafe`);
    await screen.findByText('Copied');
  });

  it('shows text that is not an address as is, without a link', () => {
    renderAt('/', <AddressLink address="not-an-address" />);
    expect(screen.getByText('not-an-address').tagName).toBe('SPAN');
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('VersionLink', () => {
  it('opens the transaction page, and its pin pins the version on the current path or on the given one', () => {
    renderAt(
      '/accounts/0x1/events?ledger_version=3&x=1',
      <>
        <VersionLink version={42n} />
        <VersionLink version="7" to="/accounts/0x2">
          seven
        </VersionLink>
        <VersionLink version="8" noPin />
      </>,
    );
    const open = screen.getByRole('link', { name: 'Open transaction 42' });
    expect(open.getAttribute('href')).toBe('/txn/42');
    expect(open.textContent).toBe('42');
    expect(screen.getByRole('link', { name: 'Pin ledger version 42' }).getAttribute('href')).toBe(
      '/accounts/0x1/events?ledger_version=42&x=1',
    );
    const seven = screen.getByRole('link', { name: 'Open transaction 7' });
    expect(seven.textContent).toBe('seven');
    expect(seven.getAttribute('href')).toBe('/txn/7');
    expect(screen.getByRole('link', { name: 'Pin ledger version 7' }).getAttribute('href')).toBe(
      '/accounts/0x2?ledger_version=7',
    );
    expect(screen.getByRole('link', { name: 'Open transaction 8' }).getAttribute('href')).toBe('/txn/8');
    expect(screen.queryByRole('link', { name: 'Pin ledger version 8' })).toBeNull();
  });

  it('shows a version below the oldest retained as plain text marked pruned, once the ledger is known', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    const oldest = BigInt(ledger.oldest_ledger_version);
    expect(oldest).toBeGreaterThan(0n);
    const pruned = (oldest - 1n).toString();
    renderAt(
      '/accounts/0x1/events',
      <>
        <VersionLink version={pruned} />
        <VersionLink version={oldest} />
      </>,
      'main',
    );
    // Before the ledger answers both stay links (nothing is known to be pruned yet).
    expect(screen.getByRole('link', { name: `Open transaction ${pruned}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: `Pin ledger version ${pruned}` })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: `Open transaction ${pruned}` })).toBeNull());
    expect(screen.queryByRole('link', { name: `Pin ledger version ${pruned}` })).toBeNull();
    const text = screen.getByText(pruned);
    expect(text.closest('a')).toBeNull();
    expect(text.textContent).toContain('(pruned)');
    expect(text.getAttribute('title')).toContain(`oldest retained version is ${ledger.oldest_ledger_version}`);
    expect(
      screen.getByRole('link', { name: `Open transaction ${ledger.oldest_ledger_version}` }).getAttribute('href'),
    ).toBe(`/txn/${ledger.oldest_ledger_version}`);
    expect(
      screen.getByRole('link', { name: `Pin ledger version ${ledger.oldest_ledger_version}` }).getAttribute('href'),
    ).toBe(`/accounts/0x1/events?ledger_version=${ledger.oldest_ledger_version}`);
  });
});

describe('CopyButton', () => {
  it('copies its text and reports a failing clipboard instead of pretending', async () => {
    const user = renderAt('/', <CopyButton text={'{"a":1}'} label="Copy value" />);
    await user.click(screen.getByRole('button', { name: 'Copy value' }));
    expect(await navigator.clipboard.readText()).toBe('{"a":1}');
    const writeText = navigator.clipboard.writeText.bind(navigator.clipboard);
    navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    try {
      await user.click(screen.getByRole('button', { name: 'Copy value' }));
      await waitFor(() => expect(screen.getByText('Copy failed')).toBeTruthy());
    } finally {
      navigator.clipboard.writeText = writeText;
    }
  });
});

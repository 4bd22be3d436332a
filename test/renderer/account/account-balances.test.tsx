/**
 * The account header's APT balance and object facts over the real read service: the amount equals the node
 * endpoint's answer (`/balance/0x1::aptos_coin::AptosCoin`, read as BCS) for a CoinStore-only account, a
 * primary-store account and an account with both (an edited copy of the fixture), with 8 decimals, the exact
 * octas on hover and on the copy button, where it sits, the pinned version respected, 0 for no APT, and an
 * object's owner.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { errorRecordJson } from '../../../shared/api/error-record.ts';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { formatAddress, parseAddress } from '../../../shared/address.ts';
import { primaryStoreAddress } from '../../../shared/object-address.ts';
import { parseStructTag } from '../../../shared/type-tag.ts';
import { requestBcs } from '../../../renderer/api/client.ts';
import { littleEndianU64 } from '../../../renderer/api/queries/transaction-queries.ts';
import { formatUnits } from '../../../renderer/lib/format-amount.ts';
import { renderApp } from '../support/render-app.tsx';
import { interceptFetch, serviceFixture, serviceFixtureAt, withApi } from '../support/service-fetch.ts';
import { writeAptBothFixture } from '../support/apt-both-fixture.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const APT = '0x1::aptos_coin::AptosCoin';
const COIN_STORE = parseStructTag(`0x1::coin::CoinStore<${APT}>`);
const OBJECT_GROUP = parseStructTag('0x1::object::ObjectGroup');
const dir = mkdtempSync(join(tmpdir(), 'ledger-explorer-balances-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The balance endpoint's exact answer (BCS u64) through the routed fetch. */
async function nodeBalance(address: string, version: string): Promise<bigint> {
  const answer = await requestBcs(`/v1/accounts/${address}/balance/${APT}`, { query: { ledger_version: version } });
  return littleEndianU64(answer.body);
}

/** Where the fixture keeps an account's APT at `version`. */
function holdings(address: string, version: bigint): { coin: boolean; primary: boolean } {
  const store = serviceFixture('main').store;
  const owner = parseAddress(address);
  return {
    coin: store.resource(owner, COIN_STORE, version) !== undefined,
    primary: store.resourceGroup(primaryStoreAddress(owner, parseAddress('0xa')), OBJECT_GROUP, version) !== undefined,
  };
}

/** The first account of the fixture whose APT sits only where `want` says. */
function accountHolding(want: { coin: boolean; primary: boolean }): string {
  const { store, info } = serviceFixture('main');
  const latest = BigInt(info.latestVersion);
  for (const bytes of store.listAccounts(latest, undefined, 1000)) {
    const address = formatAddress(bytes);
    const found = holdings(address, latest);
    if (found.coin === want.coin && found.primary === want.primary) return address;
  }
  throw new Error(`the fixture has no account with ${JSON.stringify(want)}`);
}

/** The header's amount element, once it shows `octas`. */
async function expectAmount(octas: bigint): Promise<HTMLElement> {
  const amount = await waitFor(() => {
    const element = document.querySelector<HTMLElement>('.apt-amount');
    expect(element?.dataset.octas).toBe(octas.toString());
    return element!;
  });
  expect(amount.textContent).toBe(`${formatUnits(octas, 8)} APT`);
  expect(amount.getAttribute('title')).toBe(`${octas.toLocaleString('en-US')} octas`);
  expect(screen.getByRole('button', { name: `Copy the exact balance: ${octas.toLocaleString('en-US')} octas` }));
  return amount;
}

describe('APT balance in the account header', () => {
  it('a CoinStore-only account: the node sum, 8 decimals, exact octas, "in its coin store"', async () => {
    const account = accountHolding({ coin: true, primary: false });
    const { fixture } = renderApp(`/accounts/${account}`);
    const octas = await nodeBalance(account, fixture.info.latestVersion);
    expect(octas).toBeGreaterThan(0n);
    const amount = await expectAmount(octas);
    await waitFor(() => expect(amount.parentElement?.textContent).toContain('in its coin store'));
  });

  it('a primary-store account: the node sum and a link to its primary store object', async () => {
    const account = accountHolding({ coin: false, primary: true });
    const { fixture } = renderApp(`/accounts/${account}`);
    const octas = await nodeBalance(account, fixture.info.latestVersion);
    expect(octas).toBeGreaterThan(0n);
    await expectAmount(octas);
    const link = await screen.findByRole('link', { name: 'primary fungible store' });
    const store = formatAddress(primaryStoreAddress(parseAddress(account), parseAddress('0xa')));
    expect(link.getAttribute('href')).toBe(`/accounts/${store}`);
  });

  it('an account with both: the sum of the two, each part in the note', async () => {
    const coinOnly = accountHolding({ coin: true, primary: false });
    const both = writeAptBothFixture(dir, coinOnly, 123_456_789n);
    const service = serviceFixtureAt(both.path);
    renderApp(`/accounts/${both.account}`, { service });
    const latest = service.info.latestVersion;
    const octas = await nodeBalance(both.account, latest);
    const coinPart = await withApi(() => nodeBalance(both.account, latest)); // the unedited fixture: coin store only
    expect(octas).toBe(coinPart + both.storeBalance);
    const amount = await expectAmount(octas);
    await waitFor(() =>
      expect(amount.parentElement?.textContent).toContain(
        `coin store ${formatUnits(coinPart, 8)} APT + primary fungible store ${formatUnits(both.storeBalance, 8)} APT`,
      ),
    );
  });

  it('reads at the pinned version: the balance then, not now', async () => {
    const { info } = serviceFixture('main');
    const sender = info.samples.senders[0]!.address;
    const pin = info.oldestVersion;
    renderApp(`/accounts/${sender}?ledger_version=${pin}`);
    const then = await nodeBalance(sender, pin);
    const now = await nodeBalance(sender, info.latestVersion);
    expect(then).not.toBe(now);
    await expectAmount(then);
  });

  it('an account without APT shows 0, not an error', async () => {
    const { fixture } = renderApp('/accounts/0x1');
    expect(await nodeBalance('0x1', fixture.info.latestVersion)).toBe(0n);
    await expectAmount(0n);
    const where = (): string | null | undefined => document.querySelector('.apt-where')?.textContent;
    await waitFor(() => expect(where()).toContain('no APT in a coin store or primary store'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('objects in the account header', () => {
  it('an object says "Object" and links its owner, keeping the pin', async () => {
    const { info } = serviceFixture('main');
    const account = accountHolding({ coin: false, primary: true });
    const store = formatAddress(primaryStoreAddress(parseAddress(account), parseAddress('0xa')));
    const pin = info.latestVersion;
    renderApp(`/accounts/${store}?ledger_version=${pin}`);
    await screen.findByRole('heading', { name: `Object ${store}` });
    const owner = within(await screen.findByLabelText('Owner')).getByRole('link', { name: account });
    expect(owner.getAttribute('href')).toBe(`/accounts/${account}?ledger_version=${pin}`);
    expect(screen.getByText(/only with a transfer ref/)).toBeTruthy();
  });

  it('where views are refused (a node runs #[view] functions only), finds an object by its ObjectCore', async () => {
    const fixture = serviceFixture('main');
    const account = accountHolding({ coin: false, primary: true });
    const store = formatAddress(primaryStoreAddress(parseAddress(account), parseAddress('0xa')));
    interceptFetch(fixture, (url, forward) =>
      url.pathname === '/v1/view'
        ? new Response(errorRecordJson('function is not a view function', 'invalid_input'), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          })
        : forward(),
    );
    window.history.replaceState(null, '', `/accounts/${store}`);
    render(<App queryClient={createQueryClient()} />);
    await screen.findByRole('heading', { name: `Object ${store}` });
    expect(within(await screen.findByLabelText('Owner')).getByRole('link', { name: account })).toBeTruthy();
    // The balance is the balance endpoint's, which every node serves.
    await expectAmount(await nodeBalance(store, fixture.info.latestVersion));
  });

  it('an account that is not an object says "Account" and shows no owner', async () => {
    const sender = serviceFixture('main').info.samples.senders[0]!.address;
    renderApp(`/accounts/${sender}`);
    await expectAmount(await nodeBalance(sender, serviceFixture('main').info.latestVersion));
    expect(screen.getByRole('heading', { name: `Account ${sender}` })).toBeTruthy();
    expect(screen.queryByLabelText('Owner')).toBeNull();
  });
});

/**
 * The transaction page over the real read service and the main fixture's sample transactions: a user
 * transaction's facts (fee = gas used × price, in APT and octas), its arguments labelled by the
 * module ABI at its version, its events (handle events linked to their stream at V, module events
 * said to have none); a failed one's vm_status; an orderless one's nonce; a fee payer; secondary
 * signers and object references; block metadata; a hash replaced by its version; not-found and pruned
 * versions as error records.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { apiJson } from '../support/api-before-render.ts';
import { interceptFetch, serviceFixture } from '../support/service-fetch.ts';
import { jsonResponse } from '../support/remote-source.ts';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { feePayerOf, secondarySignerAddresses } from '../../../shared/api/wire-schemas.ts';
import {
  blockMetadataTransaction,
  callOf,
  committedTransaction,
  userTransaction,
} from '../../support/wire-transactions.ts';
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import { APT_DECIMALS, formatBaseUnits, formatUnits } from '../../../renderer/lib/format-amount.ts';

const samples = () => serviceFixture('main').info.samples;

function sample(kind: 'user' | 'failed' | 'orderless' | 'feePayer' | 'multiAgent') {
  const found = samples().transactions[kind];
  if (found === null) throw new Error(`the main fixture has no ${kind} transaction sample`);
  return found;
}

const transactionJson = (version: string) => apiJson<unknown>(`/v1/transactions/by_version/${version}`, 'main');
const transactionAt = async (version: string) => userTransaction(await transactionJson(version));

/** The value shown for the fact `term` in the page's fact lists. */
function fact(term: string): HTMLElement {
  const dt = screen.getAllByText(term, { selector: 'dt' })[0];
  if (dt === undefined) throw new Error(`no fact ${term}`);
  return dt.nextElementSibling as HTMLElement;
}

describe('transaction page', () => {
  it('shows a user transaction: kind, status, fee maths, block, ABI-typed arguments, events', async () => {
    const { version, hash } = sample('user');
    const txn = await transactionAt(version);
    const [address, module, name] = callOf(txn).function.split('::') as [string, string, string];
    const abi = (await apiJson<{ abi: MoveModuleAbi }>(`/v1/accounts/${address}/module/${module}`, 'main')).abi;
    const params = abi.exposed_functions.find((fn) => fn.name === name)!.params;
    const expectedTypes = params.filter((param) => param !== '&signer' && param !== 'signer');
    expect(expectedTypes).toHaveLength(callOf(txn).arguments.length);
    const block = await apiJson<{ block_height: string }>(`/v1/blocks/by_version/${version}`, 'main');

    renderApp(`/txn/${version}`);
    await screen.findByRole('heading', { level: 1, name: `Transaction ${version}` });
    expect(screen.getByText('User transaction')).toBeTruthy();
    expect(screen.getByText(hash)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy transaction hash' })).toBeTruthy();
    expect(fact('Status').textContent).toContain('Success');
    expect(fact('Sequence number').textContent).toBe(txn.sequence_number);
    expect(fact('State change hash').textContent).toBe(txn.state_change_hash);
    expect(fact('Accumulator root hash').textContent).toBe(txn.accumulator_root_hash);
    expect(screen.getByRole('group', { name: 'JSON signature' }).textContent).toContain(txn.signature.type);

    const octas = BigInt(txn.gas_used) * BigInt(txn.gas_unit_price);
    expect(octas).toBeGreaterThan(0n);
    const fee = fact('Fee').textContent ?? '';
    expect(fee).toContain(`${formatUnits(octas, APT_DECIMALS)} APT`);
    expect(fee).toContain(`${formatBaseUnits(txn.gas_used)} gas units × ${formatBaseUnits(txn.gas_unit_price)} octas`);
    expect(fee).toContain(`= ${formatBaseUnits(octas)} octas`);
    expect(fact('Max gas').textContent).toContain(`${formatBaseUnits(txn.max_gas_amount)} gas units`);

    const blockLink = await within(fact('Block')).findByRole('link', { name: block.block_height });
    expect(blockLink.getAttribute('href')).toBe(`/blocks/${block.block_height}`);
    expect(within(fact('Sender')).getByRole('link').getAttribute('href')).toBe(`/accounts/${txn.sender}`);
    expect(screen.getByRole('link', { name: `${address}::${module}` }).getAttribute('href')).toBe(
      `/accounts/${address}/modules?ledger_version=${version}`,
    );

    const args = await screen.findByRole('table', { name: 'Arguments' });
    await waitFor(() =>
      expect(
        within(args)
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.querySelectorAll('td')[1]!.textContent),
      ).toEqual(expectedTypes),
    );
    expect(within(args).getByRole('group', { name: 'JSON argument 0' }).textContent).toContain(
      JSON.stringify(callOf(txn).arguments[0]),
    );

    const events = txn.events;
    expect(screen.getByRole('heading', { level: 2, name: `Events (${events.length})` })).toBeTruthy();
    const handle = events.findIndex((event) => event.guid.account_address !== '0x0');
    const moduleEvent = events.findIndex((event) => event.guid.account_address === '0x0');
    expect(handle).toBeGreaterThanOrEqual(0);
    expect(moduleEvent).toBeGreaterThanOrEqual(0);
    const items = screen.getAllByRole('listitem').filter((item) => item.classList.contains('transaction-event'));
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual(
      events.map((event, index) => `#${index} ${event.type}`),
    );
    const guid = events[handle]!.guid;
    expect(
      within(items[handle]!)
        .getByRole('link', { name: /^stream / })
        .getAttribute('href'),
    ).toBe(`/accounts/${guid.account_address}/events/${guid.creation_number}?ledger_version=${version}`);
    expect(within(items[moduleEvent]!).getByText(/Module event: no event stream/)).toBeTruthy();
    expect(within(items[moduleEvent]!).queryByRole('link', { name: /^stream / })).toBeNull();
    expect(
      screen.getByRole('heading', { level: 2, name: new RegExp(`^Changes \\(${txn.changes.length} `) }),
    ).toBeTruthy();
  });

  it('still shows the arguments, typed unknown with the reason, when the module ABI cannot be read', async () => {
    const { version } = sample('user');
    const txn = await transactionAt(version);
    const [address, module] = callOf(txn).function.split('::') as [string, string, string];
    // A remote node that no longer has the module (or prunes it) answers the module read with its 404 record.
    interceptFetch(serviceFixture('main'), (url, forward) =>
      url.pathname === `/v1/accounts/${address}/module/${module}`
        ? jsonResponse(
            { message: `Module not found by ${module}`, error_code: 'module_not_found', vm_error_code: null },
            404,
          )
        : forward(),
    );
    window.history.replaceState(null, '', `/txn/${version}`);
    render(<App queryClient={createQueryClient()} />);
    await screen.findByText(/^Parameter types unknown: the module's ABI could not be read \(Module not found by /);
    const args = screen.getByRole('table', { name: 'Arguments' });
    const rows = within(args).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelectorAll('td')[1]!.textContent)).toEqual(
      callOf(txn).arguments.map(() => 'unknown'),
    );
    expect(within(args).getByRole('group', { name: 'JSON argument 0' }).textContent).toContain(
      JSON.stringify(callOf(txn).arguments[0]),
    );
  });

  it('shows a failed transaction with its vm_status prominently', async () => {
    const { version } = sample('failed');
    const txn = await transactionAt(version);
    expect(txn.success).toBe(false);
    renderApp(`/txn/${version}`);
    const note = await screen.findByRole('note', { name: 'VM status' });
    expect(note.textContent).toBe(`VM status: ${txn.vm_status}`);
    expect(screen.getByText('Failed', { selector: '.transaction-badge' })).toBeTruthy();
    expect(fact('Status').textContent).toContain('Failed');
  });

  it('shows an orderless transaction by its nonce, never u64::MAX', async () => {
    const { version } = sample('orderless');
    const txn = await transactionAt(version);
    expect(txn.sequence_number).toBe('18446744073709551615');
    renderApp(`/txn/${version}`);
    await screen.findByRole('heading', { level: 1, name: `Transaction ${version}` });
    expect(fact('Nonce (orderless)').textContent).toBe(txn.replay_protection_nonce);
    expect(screen.queryByText('Sequence number', { selector: 'dt' })).toBeNull();
    expect(document.body.textContent).not.toContain('18446744073709551615');
  });

  it('names the fee payer and the secondary signers from the signature, and links object references', async () => {
    const feePayer = await transactionAt(sample('feePayer').version);
    const view = renderApp(`/txn/${feePayer.version}`);
    await screen.findByRole('heading', { level: 1, name: `Transaction ${feePayer.version}` });
    expect(fact('Signature').textContent).toBe('Fee payer');
    expect(within(fact('Fee payer')).getByRole('link').getAttribute('href')).toBe(
      `/accounts/${feePayerOf(feePayer.signature)}`,
    );
    view.unmount();

    const multiAgent = await transactionAt(sample('multiAgent').version);
    const secondary = secondarySignerAddresses(multiAgent.signature);
    expect(secondary.length).toBeGreaterThan(0);
    renderApp(`/txn/${multiAgent.version}`);
    await screen.findByRole('heading', { level: 1, name: `Transaction ${multiAgent.version}` });
    expect(fact('Signature').textContent).toBe('Multi-agent');
    expect(
      within(fact('Secondary signers'))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(secondary.map((address) => `/accounts/${address}`));
    const inner = (callOf(multiAgent).arguments[0] as { inner?: string }).inner;
    expect(inner).toBeDefined();
    const args = await screen.findByRole('table', { name: 'Arguments' });
    await waitFor(() => expect(within(args).getByText(/::object::Object</)).toBeTruthy());
    expect(
      within(args)
        .getByRole('link', { name: `"${inner!}"` })
        .getAttribute('href'),
    ).toBe(`/accounts/${inner}?ledger_version=${multiAgent.version}`);
    // An object transfer's addresses link to their accounts as of the transaction.
    const transfer = multiAgent.events.findIndex((event) => event.type === '0x1::object::Transfer');
    expect(transfer).toBeGreaterThanOrEqual(0);
    const data = screen.getByRole('group', { name: `JSON event ${transfer} data` });
    const { from, to } = multiAgent.events[transfer]!.data as { from: string; to: string };
    for (const address of [from, to])
      expect(
        within(data)
          .getByRole('link', { name: `"${address}"` })
          .getAttribute('href'),
      ).toBe(`/accounts/${address}?ledger_version=${multiAgent.version}`);
  });

  it('shows a block metadata transaction: epoch, round, proposer, failed proposers', async () => {
    const first = samples().blocks[0]!.firstVersion;
    const txn = blockMetadataTransaction(await transactionJson(first));
    renderApp(`/txn/${first}`);
    await screen.findByRole('heading', { level: 1, name: `Transaction ${first}` });
    expect(screen.getByText('Block metadata', { selector: '.transaction-badge' })).toBeTruthy();
    expect(fact('Epoch').textContent).toBe(txn.epoch);
    expect(fact('Round').textContent).toBe(txn.round);
    expect(within(fact('Proposer')).getByRole('link').getAttribute('href')).toBe(`/accounts/${txn.proposer}`);
    expect(fact('Failed proposers').textContent).toBe(
      txn.failed_proposer_indices.length === 0 ? 'none' : txn.failed_proposer_indices.join(', '),
    );
    expect(screen.queryByRole('heading', { name: /^Payload/ })).toBeNull();
    // The oldest retained version has no retained previous one.
    expect(screen.getByRole('button', { name: `Version ${BigInt(first) - 1n}` }).hasAttribute('disabled')).toBe(
      first === serviceFixture('main').info.oldestVersion,
    );
  });

  it('shows a state checkpoint: its kind, no payload, no events, no fee', async () => {
    const { firstVersion, lastVersion } = samples().blocks[0]!;
    const txn = committedTransaction(await transactionJson(lastVersion));
    expect(txn.type).toBe('state_checkpoint_transaction');
    expect(BigInt(lastVersion)).toBeGreaterThan(BigInt(firstVersion));
    renderApp(`/txn/${lastVersion}`);
    await screen.findByRole('heading', { level: 1, name: `Transaction ${lastVersion}` });
    expect(screen.getByText('State checkpoint', { selector: '.transaction-badge' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Events (0)' })).toBeTruthy();
    expect(screen.getByText('This transaction emitted no events.')).toBeTruthy();
    expect(screen.queryByText('Fee', { selector: 'dt' })).toBeNull();
    expect(fact('Gas used').textContent).toBe(txn.gas_used);
  });

  it('replaces a hash in the URL by its version, and steps to the neighbouring versions', async () => {
    const { version, hash } = sample('failed');
    const { user } = renderApp(`/txn/${hash.toUpperCase().replace('0X', '0x')}?ledger_version=${version}`);
    await screen.findByRole('heading', { level: 1, name: `Transaction ${version}` });
    await waitFor(() => expect(window.location.pathname).toBe(`/txn/${version}`));
    expect(window.location.search).toBe(`?ledger_version=${version}`);
    await user.click(screen.getByRole('button', { name: `Version ${BigInt(version) + 1n}` }));
    await screen.findByRole('heading', { level: 1, name: `Transaction ${BigInt(version) + 1n}` });
    expect(window.location.pathname).toBe(`/txn/${BigInt(version) + 1n}`);
    expect(window.location.search).toBe(`?ledger_version=${version}`);
  });

  it('writes a version with leading zeros in its one form', async () => {
    const { version } = sample('user');
    renderApp(`/txn/00${version}`);
    await screen.findByRole('heading', { level: 1, name: `Transaction ${version}` });
    expect(window.location.pathname).toBe(`/txn/${version}`);
  });

  it('pins state at the version on the sender’s account in one click', async () => {
    const { version } = sample('user');
    const txn = await transactionAt(version);
    const { user } = renderApp(`/txn/${version}`);
    await user.click(await screen.findByRole('button', { name: `Pin state at version ${version}` }));
    await waitFor(() =>
      expect(`${window.location.pathname}${window.location.search}`).toBe(
        `/accounts/${txn.sender}?ledger_version=${version}`,
      ),
    );
  });

  it('shows the error record: a version not yet in the ledger, a pruned one, an unknown hash, a non-id', async () => {
    const { latestVersion, oldestVersion } = serviceFixture('main').info;
    const beyond = (BigInt(latestVersion) + 1n).toString();
    const view = renderApp(`/txn/${beyond}`);
    let alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Transaction not found by Ledger version(${beyond})`);
    expect(within(alert).getByText('transaction_not_found')).toBeTruthy();
    view.unmount();

    const pruned = (BigInt(oldestVersion) - 1n).toString();
    const second = renderApp(`/txn/${pruned}`);
    alert = await screen.findByRole('alert');
    expect(within(alert).getByText('version_pruned')).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    second.unmount();

    const unknown = `0x${'ab'.repeat(32)}`;
    const third = renderApp(`/txn/${unknown}`);
    alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Transaction not found by Transaction hash(${unknown})`);
    expect(window.location.pathname).toBe(`/txn/${unknown}`);
    third.unmount();

    renderApp('/txn/xyz');
    alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('“xyz” is not a transaction version');
  });
});

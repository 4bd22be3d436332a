/**
 * The account's APT change in one transaction, derived from what it wrote: a transaction that wrote neither the
 * account's `CoinStore<AptosCoin>` nor the `FungibleStore` (or `ConcurrentFungibleBalance`) of its APT primary
 * store changed no APT of the account (0, no read needed). One that did: the balance after it (at V, the values
 * its `changes` hold) minus the balance before it (at V−1), both read with the node's balance endpoint, which
 * sums the two stores as the header does — so the other store, unwritten, cancels out.
 * The stores and their types are renderer/lib/apt.ts's, as for the transaction page's APT lines.
 */
import { normalizeAddress } from '../../../shared/address.ts';
import type { UserTransaction } from '../../../shared/api/wire-schemas.ts';
import { APT_COIN_STORE, aptPrimaryStore, CONCURRENT_BALANCE, FUNGIBLE_STORE } from '../../lib/apt.ts';

/** Which of the account's APT stores a transaction wrote (or deleted). */
export interface AptWrites {
  readonly coinStore: boolean;
  readonly primaryStore: boolean;
}

/** The APT stores of `address` that `transaction` wrote or deleted. */
export function aptWrites(transaction: UserTransaction, address: string): AptWrites {
  const account = normalizeAddress(address);
  const store = aptPrimaryStore(account);
  let coinStore = false;
  let primaryStore = false;
  for (const change of transaction.changes) {
    if (change.type !== 'write_resource' && change.type !== 'delete_resource') continue;
    const type = change.type === 'write_resource' ? change.data.type : change.resource;
    const at = normalizeAddress(change.address);
    if (at === account && type === APT_COIN_STORE) coinStore = true;
    if (at === store && (type === FUNGIBLE_STORE || type === CONCURRENT_BALANCE)) primaryStore = true;
  }
  return { coinStore, primaryStore };
}

/** The version before `version` (decimal), or undefined for genesis. */
export function versionBefore(version: string): string | undefined {
  const value = BigInt(version);
  return value === 0n ? undefined : (value - 1n).toString();
}

/** The fee a transaction charged, in octas: gas used × gas unit price. */
export function feeOctas(transaction: UserTransaction): bigint {
  return BigInt(transaction.gas_used) * BigInt(transaction.gas_unit_price);
}

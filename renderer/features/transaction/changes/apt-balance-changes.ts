/**
 * The APT balance change of each account a transaction touched, derived from its write set alone
 * (plus the same stores' values at V − 1): an account holds APT in its `CoinStore<AptosCoin>` and in
 * its primary fungible store of APT — an object whose `FungibleStore.metadata.inner` is `0xa` and
 * whose `ObjectCore.owner` is the account (both members of the object's resource group, so a write
 * of the store carries its `ObjectCore` too). Pure: the caller reads the befores it is told to
 * ({@link aptStoreReads}) and passes them in, so the Activity tab can reuse it with its own reads.
 */
import { isAddress, normalizeAddress } from '../../../../shared/address.ts';
import type { JsonValue } from '../../../../shared/api/wire-schemas.ts';
import type { WriteSetChangeJson } from '../../../api/transaction-json.ts';
import {
  APT_COIN_STORE,
  coinStoreValue as coinValue,
  CONCURRENT_BALANCE,
  fieldOf,
  FUNGIBLE_STORE,
  fungibleStoreBalance as storeBalance,
  isAptFungibleStore as isAptStore,
  OBJECT_CORE,
  OBJECT_GROUP,
} from '../../../lib/apt.ts';

/** One resource whose value at V − 1 the computation needs. */
export interface AptStoreRead {
  readonly address: string;
  readonly type: string;
}

/** One account's APT change (octas; `delta` = after − before). */
export interface AptBalanceChange {
  /** Short form of the account address. */
  readonly account: string;
  readonly before: bigint;
  readonly after: bigint;
  readonly delta: bigint;
}

/**
 * Values at V − 1 by {@link aptReadKey}: the resource's `data` (the `data` field of the node's
 * `{type, data}`), or `null` when it did not exist then (or V is 0: nothing existed before genesis).
 */
export type AptBefores = ReadonlyMap<string, JsonValue | null>;

/** The key of one read in {@link AptBefores}. */
export function aptReadKey(address: string, type: string): string {
  return `${normalizeAddress(address)} ${type}`;
}

/** What the write set says about one APT store. */
interface StoreChange {
  readonly kind: 'coin' | 'fungible';
  /** Where the store lives (the account for a coin store, the object for a fungible store). */
  readonly address: string;
  /** The owning account, when the write set names it (undefined: a deleted object; read its ObjectCore before). */
  readonly owner: string | undefined;
  /** The balance after V; 0 when deleted. */
  readonly after: bigint;
  /** Whether the after-group holds a concurrent balance (then its before is needed too). */
  readonly concurrent: boolean;
}

/** The resources written under each (address, state key) group, for reading a store's siblings. */
function groupsOf(changes: readonly WriteSetChangeJson[]): Map<string, Map<string, JsonValue>> {
  const groups = new Map<string, Map<string, JsonValue>>();
  for (const change of changes) {
    if (change.type !== 'write_resource') continue;
    const key = `${normalizeAddress(change.address)} ${change.state_key_hash}`;
    const members = groups.get(key) ?? new Map<string, JsonValue>();
    members.set(change.data.type, change.data.data);
    groups.set(key, members);
  }
  return groups;
}

function storeChanges(changes: readonly WriteSetChangeJson[]): StoreChange[] {
  const groups = groupsOf(changes);
  const out: StoreChange[] = [];
  const seenDeletedObjects = new Set<string>();
  for (const change of changes) {
    if (change.type === 'write_resource' && change.data.type === APT_COIN_STORE) {
      const address = normalizeAddress(change.address);
      out.push({ kind: 'coin', address, owner: address, after: coinValue(change.data.data), concurrent: false });
    } else if (change.type === 'delete_resource' && change.resource === APT_COIN_STORE) {
      const address = normalizeAddress(change.address);
      out.push({ kind: 'coin', address, owner: address, after: 0n, concurrent: false });
    } else if (
      change.type === 'write_resource' &&
      change.data.type === FUNGIBLE_STORE &&
      isAptStore(change.data.data)
    ) {
      const address = normalizeAddress(change.address);
      const siblings = groups.get(`${address} ${change.state_key_hash}`);
      const owner = fieldOf(siblings?.get(OBJECT_CORE), 'owner');
      const concurrent = siblings?.get(CONCURRENT_BALANCE);
      out.push({
        kind: 'fungible',
        address,
        owner: typeof owner === 'string' && isAddress(owner) ? normalizeAddress(owner) : undefined,
        after: storeBalance(change.data.data, concurrent),
        concurrent: concurrent !== undefined,
      });
    } else if (change.type === 'delete_resource' && change.resource === OBJECT_GROUP) {
      // A deleted object group may have been an APT store: its before says (FungibleStore + ObjectCore at V − 1).
      const address = normalizeAddress(change.address);
      if (seenDeletedObjects.has(address)) continue;
      seenDeletedObjects.add(address);
      out.push({ kind: 'fungible', address, owner: undefined, after: 0n, concurrent: true });
    }
  }
  return out;
}

/** The resources whose values at V − 1 {@link aptBalanceChanges} needs for `changes` (each once). */
export function aptStoreReads(changes: readonly WriteSetChangeJson[]): AptStoreRead[] {
  const reads = new Map<string, AptStoreRead>();
  const add = (address: string, type: string) => reads.set(aptReadKey(address, type), { address, type });
  for (const store of storeChanges(changes)) {
    if (store.kind === 'coin') {
      add(store.address, APT_COIN_STORE);
      continue;
    }
    add(store.address, FUNGIBLE_STORE);
    if (store.concurrent) add(store.address, CONCURRENT_BALANCE);
    if (store.owner === undefined) add(store.address, OBJECT_CORE);
  }
  return [...reads.values()];
}

function beforeOf(before: AptBefores, address: string, type: string): JsonValue | null {
  const value = before.get(aptReadKey(address, type));
  if (value === undefined) throw new Error(`the value of ${type} at ${address} before the transaction was not given`);
  return value;
}

/**
 * Each account's APT change in `changes`, given the befores of {@link aptStoreReads} (every one
 * must be in `before`; a missing one throws). Accounts whose APT did not change are left out; the
 * order is `first` (e.g. the sender) when it changed, then the write set's order.
 */
export function aptBalanceChanges(
  changes: readonly WriteSetChangeJson[],
  before: AptBefores,
  first?: string,
): AptBalanceChange[] {
  const totals = new Map<string, { before: bigint; after: bigint }>();
  for (const store of storeChanges(changes)) {
    let owner = store.owner;
    let old: bigint;
    if (store.kind === 'coin') old = coinValue(beforeOf(before, store.address, APT_COIN_STORE));
    else {
      const oldStore = beforeOf(before, store.address, FUNGIBLE_STORE);
      // A deleted object that held no APT store before is not an APT store at all.
      if (store.owner === undefined && !isAptStore(oldStore)) continue;
      const concurrent = store.concurrent ? beforeOf(before, store.address, CONCURRENT_BALANCE) : null;
      old = storeBalance(oldStore, concurrent);
      if (owner === undefined) {
        const core = fieldOf(beforeOf(before, store.address, OBJECT_CORE), 'owner');
        owner = typeof core === 'string' && isAddress(core) ? normalizeAddress(core) : store.address;
      }
    }
    const account = owner ?? store.address;
    const total = totals.get(account) ?? { before: 0n, after: 0n };
    totals.set(account, { before: total.before + old, after: total.after + store.after });
  }
  const out: AptBalanceChange[] = [];
  for (const [account, total] of totals) {
    const delta = total.after - total.before;
    if (delta !== 0n) out.push({ account, before: total.before, after: total.after, delta });
  }
  const lead = first !== undefined && isAddress(first) ? normalizeAddress(first) : undefined;
  return out.sort((a, b) => Number(b.account === lead) - Number(a.account === lead));
}

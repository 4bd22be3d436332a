/**
 * What `snapshot verify`'s conservation check (verify-conservation.ts) reads from state: balances held in
 * `0x1::coin::CoinStore<T>` and in fungible stores (`0x1::fungible_asset::FungibleStore` in an object's
 * `ObjectGroup`), the supplies in `0x1::coin::CoinInfo<T>` and in a metadata object's `ConcurrentSupply`/`Supply`,
 * and the coin a metadata object is paired with (`0x1::coin::PairedCoinType`). The framework's layouts are fixed, so
 * the few fields needed are read straight from the BCS.
 */
import { formatAddress } from '../../shared/address.ts';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { decodeResourceGroup } from '../../shared/resource-group.ts';
import { formatTypeTag } from '../../shared/type-tag.ts';
import { decodeStateKey } from './state-keys.ts';

/** What a state key holds for the conservation check. */
export type BalanceKey =
  | { readonly kind: 'coin_store'; readonly owner: string; readonly coinType: string }
  | { readonly kind: 'coin_info'; readonly coinType: string }
  | { readonly kind: 'object_group'; readonly address: string }
  | { readonly kind: 'other' };

/** SQL condition selecting the state keys {@link balanceKey} may class as something other than `other`. */
export const BALANCE_KEY_SQL =
  "(instr(state_key, X'09436f696e53746f7265') > 0 OR instr(state_key, X'08436f696e496e666f') > 0 OR " +
  "instr(state_key, X'0b4f626a65637447726f7570') > 0)";

const OTHER: BalanceKey = { kind: 'other' };

/** Classes a state key (undecodable keys are `other`: the format check reports them). */
export function balanceKey(stateKey: Uint8Array): BalanceKey {
  let decoded;
  try {
    decoded = decodeStateKey(stateKey);
  } catch {
    return OTHER;
  }
  if (decoded.kind !== 'resource' && decoded.kind !== 'resource_group') return OTHER;
  const { tag } = decoded;
  if (tag.address !== '0x1') return OTHER;
  if (decoded.kind === 'resource_group')
    return tag.module === 'object' && tag.name === 'ObjectGroup'
      ? { kind: 'object_group', address: decoded.address }
      : OTHER;
  const [arg] = tag.typeArgs;
  if (tag.module !== 'coin' || tag.typeArgs.length !== 1 || !arg) return OTHER;
  if (tag.name === 'CoinStore') return { kind: 'coin_store', owner: decoded.address, coinType: formatTypeTag(arg) };
  if (tag.name === 'CoinInfo') return { kind: 'coin_info', coinType: formatTypeTag(arg) };
  return OTHER;
}

/** A `CoinStore<T>`'s balance and the event handles its deposits and withdrawals are emitted to. */
export interface CoinStoreValue {
  readonly balance: bigint;
  readonly depositHandle: string;
  readonly withdrawHandle: string;
}

/** The key of an event handle (its GUID): `address/creation_number`. */
export const handleKey = (address: string, creationNumber: bigint | number): string => `${address}/${creationNumber}`;

function readHandle(r: BcsReader): string {
  r.u64(); // counter
  const creation = r.u64();
  return handleKey(formatAddress(r.address()), creation);
}

/** Decodes a `CoinStore<T>`: coin { value }, frozen, deposit_events, withdraw_events. */
export function coinStoreValue(bytes: Uint8Array): CoinStoreValue {
  const r = new BcsReader(bytes);
  const balance = r.u64();
  r.bool();
  const depositHandle = readHandle(r);
  return { balance, depositHandle, withdrawHandle: readHandle(r) };
}

/**
 * The supply a `CoinInfo<T>` tracks as an integer, or undefined when it tracks none or keeps it in a parallel
 * aggregator (whose value lives in a table this check does not follow).
 */
export function coinInfoSupply(bytes: Uint8Array): bigint | undefined {
  const r = new BcsReader(bytes);
  r.string();
  r.string();
  r.u8();
  if (r.u8() === 0) return undefined;
  if (r.u8() === 1) return undefined;
  if (r.u8() === 0) return undefined;
  return r.u128();
}

/** What an object's group shows of fungible assets. */
export interface ObjectGroupFacts {
  /** A fungible store: its metadata object and balance. */
  readonly store?: { readonly metadata: string; readonly balance: bigint; readonly owner: string } | undefined;
  /** A metadata object's supply (undefined when it has no supply member: unlimited and untracked). */
  readonly supply?: bigint | undefined;
  /** The coin type a metadata object is paired with. */
  readonly pairedCoin?: string | undefined;
}

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** Reads the fungible-asset facts of an `ObjectGroup` value. */
export function objectGroupFacts(bytes: Uint8Array): ObjectGroupFacts {
  let store: { metadata: string; balance: bigint } | undefined;
  let concurrentBalance: bigint | undefined;
  let owner = '';
  let supply: bigint | undefined;
  let pairedCoin: string | undefined;
  for (const member of decodeResourceGroup(bytes)) {
    const { tag } = member;
    if (tag.address !== '0x1') continue;
    const r = new BcsReader(member.bytes);
    const name = `${tag.module}::${tag.name}`;
    if (name === 'object::ObjectCore') {
      r.u64();
      owner = formatAddress(r.address());
    } else if (name === 'fungible_asset::FungibleStore') {
      store = { metadata: formatAddress(r.address()), balance: r.u64() };
    } else if (name === 'fungible_asset::ConcurrentFungibleBalance') {
      concurrentBalance = r.u64();
    } else if (name === 'fungible_asset::ConcurrentSupply') {
      supply = r.u128();
    } else if (name === 'fungible_asset::Supply') {
      supply = r.u128();
    } else if (name === 'coin::PairedCoinType') {
      const address = formatAddress(r.address());
      pairedCoin = `${address}::${text(r.bytes())}::${text(r.bytes())}`;
    }
  }
  // A store whose balance moved to a concurrent balance keeps 0 in FungibleStore (fungible_asset.move).
  const balance = store && concurrentBalance !== undefined ? store.balance + concurrentBalance : store?.balance;
  return {
    store: store && balance !== undefined ? { metadata: store.metadata, balance, owner } : undefined,
    supply,
    pairedCoin,
  };
}

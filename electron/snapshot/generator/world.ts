/**
 * The simulation's in-memory world: accounts with their counters, the framework's counters at 0x1,
 * the registry, and the current version. Every state change goes through it to the writer, so the
 * version, event index and state keys are handled in one place.
 */
import { formatAddress, parseAddress } from '../../../shared/address.ts';
import { parseStructTag } from '../../../shared/type-tag.ts';
import { resourceGroupStateKey, resourceStateKey, tableItemStateKey } from '../state-keys.ts';
import { encodeResourceGroup } from '../../../shared/resource-group.ts';
import {
  APT_METADATA,
  APT_METADATA_BYTES,
  OBJECT_GROUP,
  OBJECT_TYPES,
  primaryStoreAddress,
  primaryStoreMembers,
} from './fungible-assets.ts';
import type { LedgerRowSink } from '../row-sink.ts';
import {
  ACCOUNT_STREAMS,
  accountValue,
  coinStoreValue,
  FRAMEWORK_TYPES,
  type AccountCounters,
} from './framework-values.ts';
import type { StateSink } from './registry-sim.ts';
import type { RegistrySim } from './registry-sim.ts';
import type { ValueEncoder } from './value-encoder.ts';
import { aptCoinInfo, AptMetadataEncoder, type AptSupply } from './apt-supply.ts';

/** An account of the simulation: its address, cached state keys and the counters its resources show. */
export interface SimAccount extends AccountCounters {
  readonly address: Uint8Array;
  readonly accountKey: Uint8Array;
  readonly coinStoreKey: Uint8Array;
  /** Set when the account's APT sits in its primary fungible store (an object) instead of a `CoinStore`. */
  primaryStore: Uint8Array | undefined;
}

/** Counters of the framework resources at 0x1. */
export interface FrameworkCounters {
  epoch: number;
  lastReconfigurationTime: bigint;
  configurationEvents: number;
  blockHeight: number;
  newBlockEvents: number;
  timestampUsec: bigint;
}

const accountTag = parseStructTag(FRAMEWORK_TYPES.account);
const objectGroupTag = parseStructTag(OBJECT_GROUP);
const coinStoreTag = parseStructTag(FRAMEWORK_TYPES.coinStore);
const FRAMEWORK_ADDRESS_BYTES = parseAddress('0x1');

/** Mutable world state plus the sink that records each change at the current version. */
export class World implements StateSink {
  readonly accounts = new Map<string, SimAccount>();
  /** Accounts that send ordinary user transactions (not 0x1, the faucet or validators). */
  readonly userAccounts: SimAccount[] = [];
  readonly validators: SimAccount[] = [];
  version = 0;
  #eventIndex = 0;
  readonly #tagCache = new Map<string, ReturnType<typeof parseStructTag>>();
  /** APT held as coin and as the paired fungible asset: the supplies written at 0x1 and 0xa. */
  readonly aptSupply: AptSupply = { coin: 0n, fungible: 0n };
  /** Accounts whose APT changed in the current transaction, in the order they changed. */
  readonly #touched = new Set<SimAccount>();
  /** The supplies as last written (undefined: not yet). */
  readonly #writtenSupply: { coin: bigint | undefined; fungible: bigint | undefined } = {
    coin: undefined,
    fungible: undefined,
  };
  #aptMetadata: AptMetadataEncoder | undefined;

  readonly writer: LedgerRowSink;
  readonly encoder: ValueEncoder;
  readonly framework: FrameworkCounters;
  /** Set by genesis once the core-resources account exists. */
  faucet: SimAccount | undefined;
  /** Set by genesis; the registry is published in the first block. */
  registry: RegistrySim | undefined;

  /** A world at version 0 with the given framework counters and no accounts yet. */
  constructor(writer: LedgerRowSink, encoder: ValueEncoder, framework: FrameworkCounters) {
    this.writer = writer;
    this.encoder = encoder;
    this.framework = framework;
  }

  /** Moves to the next version (a new transaction); events restart at index 0. */
  beginVersion(version: number): void {
    this.version = version;
    this.#eventIndex = 0;
  }

  /** Writes resource `typeText` of `address` at the current version. */
  resource(address: Uint8Array, typeText: string, value: Uint8Array): void {
    this.writer.stateValue(resourceStateKey(address, this.#tag(typeText)), this.version, value);
  }

  #tag(typeText: string): ReturnType<typeof parseStructTag> {
    let tag = this.#tagCache.get(typeText);
    if (!tag) {
      tag = parseStructTag(typeText);
      this.#tagCache.set(typeText, tag);
    }
    return tag;
  }

  /** Writes the `0x1::object::ObjectGroup` of `address` holding `members` (type, JSON-in), the whole group at once. */
  objectGroup(address: Uint8Array, members: readonly (readonly [string, unknown])[]): void {
    const value = encodeResourceGroup(
      members.map(([type, json]) => ({ tag: this.#tag(type), bytes: this.encoder.encode(type, json) })),
    );
    this.writer.stateValue(resourceGroupStateKey(address, objectGroupTag), this.version, value);
  }

  /** Emits a module (v2) event at the current version. */
  moduleEvent(typeText: string, value: unknown): void {
    this.writer.moduleEvent(this.version, this.#eventIndex, typeText, this.encoder.encode(typeText, value));
    this.#eventIndex += 1;
  }

  /** Writes (or deletes, with null) a table item at the current version. */
  tableItem(handle: Uint8Array, key: Uint8Array, value: Uint8Array | null): void {
    this.writer.stateValue(tableItemStateKey(handle, key), this.version, value);
  }

  /** Emits an event at the current version. */
  event(address: Uint8Array, creationNumber: number, sequenceNumber: number, typeText: string, data: Uint8Array): void {
    this.writer.event(address, creationNumber, sequenceNumber, this.version, this.#eventIndex, typeText, data);
    this.#eventIndex += 1;
  }

  /** Emits an event whose data is given as JSON-in of `typeText`. */
  emit(address: Uint8Array, creationNumber: number, sequenceNumber: number, typeText: string, value: unknown): void {
    this.event(address, creationNumber, sequenceNumber, typeText, this.encoder.encode(typeText, value));
  }

  /** Writes an account's `0x1::account::Account` as it is now. */
  writeAccount(account: SimAccount): void {
    this.writer.stateValue(
      account.accountKey,
      this.version,
      this.encoder.encode(FRAMEWORK_TYPES.account, accountValue(account)),
    );
  }

  /**
   * Adds `delta` octas (negative: takes them) to an account's APT and to the supply of the form it holds APT in.
   * Nothing is written yet: {@link settle} writes every account changed in the transaction, so no change can be left
   * out of the write set (a fee payer's sender is debited like any account).
   */
  changeApt(account: SimAccount, delta: bigint): void {
    if (delta === 0n) return;
    account.balance += delta;
    if (account.balance < 0n) throw new Error(`${account.short} would hold ${account.balance} octas`);
    if (account.primaryStore) this.aptSupply.fungible += delta;
    else this.aptSupply.coin += delta;
    this.#touched.add(account);
  }

  /**
   * Ends a transaction's APT changes: writes the store of each account whose APT changed (its primary fungible store,
   * or its AptosCoin `CoinStore`) and, when the totals moved, the coin's `CoinInfo` supply and 0xa's fungible supply.
   */
  settle(): void {
    for (const account of this.#touched) this.#writeAptStore(account);
    this.#touched.clear();
    const { coin, fungible } = this.aptSupply;
    if (coin !== this.#writtenSupply.coin) {
      this.resource(
        FRAMEWORK_ADDRESS_BYTES,
        FRAMEWORK_TYPES.coinInfo,
        this.encoder.encode(FRAMEWORK_TYPES.coinInfo, aptCoinInfo(coin)),
      );
      this.#writtenSupply.coin = coin;
    }
    // Format v1 has no resource groups (and keeps every account on CoinStore, so its fungible supply stays 0).
    if (this.writer.format < 2 || fungible === this.#writtenSupply.fungible) return;
    this.#aptMetadata ??= new AptMetadataEncoder(this.encoder);
    this.writer.stateValue(this.#aptMetadata.stateKey, this.version, this.#aptMetadata.value(fungible));
    this.#writtenSupply.fungible = fungible;
  }

  /** Writes where an account's APT sits as it is now: its primary fungible store, or its AptosCoin `CoinStore`. */
  #writeAptStore(account: SimAccount): void {
    if (account.primaryStore) {
      this.objectGroup(
        account.primaryStore,
        primaryStoreMembers(account.primaryStore, account.short, APT_METADATA, account.balance),
      );
      return;
    }
    this.writer.stateValue(
      account.coinStoreKey,
      this.version,
      this.encoder.encode(FRAMEWORK_TYPES.coinStore, coinStoreValue(account)),
    );
  }

  /** Emits the withdrawal of `amount` from `account`: a CoinStore handle event, or a fungible store module event. */
  withdrawEvent(account: SimAccount, amount: bigint): void {
    if (account.primaryStore)
      this.moduleEvent(OBJECT_TYPES.withdraw, {
        store: formatAddress(account.primaryStore),
        amount: amount.toString(),
      });
    else
      this.emit(account.address, ACCOUNT_STREAMS.withdraw, account.withdrawEvents++, FRAMEWORK_TYPES.withdrawEvent, {
        amount: amount.toString(),
      });
  }

  /** Emits the deposit of `amount` to `account` (as {@link withdrawEvent}). */
  depositEvent(account: SimAccount, amount: bigint): void {
    if (account.primaryStore)
      this.moduleEvent(OBJECT_TYPES.deposit, { store: formatAddress(account.primaryStore), amount: amount.toString() });
    else
      this.emit(account.address, ACCOUNT_STREAMS.deposit, account.depositEvents++, FRAMEWORK_TYPES.depositEvent, {
        amount: amount.toString(),
      });
  }

  /**
   * Creates the in-memory record of an account holding `balance` octas (its resources are written by the caller, its
   * APT store by {@link settle}); `fungibleStore`: its APT is held in a primary fungible store of APT's metadata (0xa).
   */
  newAccount(address: Uint8Array, authKey: Uint8Array, balance: bigint, fungibleStore = false): SimAccount {
    const account: SimAccount = {
      address,
      short: formatAddress(address),
      accountKey: resourceStateKey(address, accountTag),
      coinStoreKey: resourceStateKey(address, coinStoreTag),
      authKey,
      sequenceNumber: 0,
      guidCreationNum: 4,
      coinRegisterEvents: 1,
      keyRotationEvents: 0,
      depositEvents: 0,
      withdrawEvents: 0,
      balance: 0n,
      // Format v1 has no resource groups: a v1 file keeps every account on CoinStore.
      primaryStore:
        fungibleStore && this.writer.format >= 2 ? primaryStoreAddress(address, APT_METADATA_BYTES) : undefined,
    };
    this.accounts.set(account.short, account);
    this.writer.account(address, this.version);
    this.changeApt(account, balance);
    return account;
  }
}

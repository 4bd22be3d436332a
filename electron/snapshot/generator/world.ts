/**
 * The simulation's in-memory world: accounts with their counters, the framework's counters at 0x1,
 * the registry, and the current version. Every state change goes through it to the writer, so the
 * version, event index and state keys are handled in one place.
 */
import { formatAddress } from '../../../shared/address.ts';
import { parseStructTag } from '../../../shared/type-tag.ts';
import { resourceStateKey, tableItemStateKey } from '../state-keys.ts';
import type { SnapshotWriter } from '../snapshot-writer.ts';
import { accountValue, coinStoreValue, FRAMEWORK_TYPES, type AccountCounters } from './framework-values.ts';
import type { StateSink } from './registry-sim.ts';
import type { RegistrySim } from './registry-sim.ts';
import type { ValueEncoder } from './value-encoder.ts';

/** An account of the simulation: its address, cached state keys and the counters its resources show. */
export interface SimAccount extends AccountCounters {
  readonly address: Uint8Array;
  readonly accountKey: Uint8Array;
  readonly coinStoreKey: Uint8Array;
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
const coinStoreTag = parseStructTag(FRAMEWORK_TYPES.coinStore);

/** Mutable world state plus the sink that records each change at the current version. */
export class World implements StateSink {
  readonly accounts = new Map<string, SimAccount>();
  /** Accounts that send ordinary user transactions (not 0x1, the faucet or validators). */
  readonly userAccounts: SimAccount[] = [];
  readonly validators: SimAccount[] = [];
  version = 0;
  #eventIndex = 0;
  readonly #tagCache = new Map<string, ReturnType<typeof parseStructTag>>();

  readonly writer: SnapshotWriter;
  readonly encoder: ValueEncoder;
  readonly framework: FrameworkCounters;
  /** Set by genesis once the core-resources account exists. */
  faucet: SimAccount | undefined;
  /** Set by genesis; the registry is published in the first block. */
  registry: RegistrySim | undefined;

  /** A world at version 0 with the given framework counters and no accounts yet. */
  constructor(writer: SnapshotWriter, encoder: ValueEncoder, framework: FrameworkCounters) {
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
    let tag = this.#tagCache.get(typeText);
    if (!tag) {
      tag = parseStructTag(typeText);
      this.#tagCache.set(typeText, tag);
    }
    this.writer.stateValue(resourceStateKey(address, tag), this.version, value);
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

  /** Writes an account's AptosCoin `CoinStore` as it is now. */
  writeCoinStore(account: SimAccount): void {
    this.writer.stateValue(
      account.coinStoreKey,
      this.version,
      this.encoder.encode(FRAMEWORK_TYPES.coinStore, coinStoreValue(account)),
    );
  }

  /** Creates the in-memory record of an account (its resources are written by the caller). */
  newAccount(address: Uint8Array, authKey: Uint8Array, balance: bigint): SimAccount {
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
      balance,
    };
    this.accounts.set(account.short, account);
    this.writer.account(address, this.version);
    return account;
  }
}

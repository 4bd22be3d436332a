/**
 * Version 0: the genesis transaction. Publishes the framework modules at 0x1 and writes the
 * framework's resources (chain id, gas schedule, configuration, block resource, time, coin info),
 * the core-resources account that funds new accounts, the validators and the 0xcafe publisher.
 */
import { parseAddress } from '../../../shared/address.ts';
import { moduleStateKey } from '../state-keys.ts';
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import type { LedgerRowSink } from '../row-sink.ts';
import { systemTransactionRow } from '../snapshot-rows.ts';
import { APP_ABI } from './app-abis.ts';
import { collectionAbis, writeCoinCollection } from './coin-collection.ts';
import { FRAMEWORK_ABIS } from './framework-abis.ts';
import {
  ACCOUNT_STREAMS,
  eventHandle,
  FRAMEWORK_STREAMS,
  FRAMEWORK_TYPES,
  gasScheduleValue,
} from './framework-values.ts';
import { derivedBytes, type ChainOptions } from './chain-options.ts';
import { ValueEncoder } from './value-encoder.ts';
import { World, type SimAccount } from './world.ts';
import { writeCoinPairing } from './coin-pairing.ts';
import { writePackageRegistry } from './package-registry.ts';
import { GENESIS_PAYLOAD, systemDetails } from './txn-details.ts';
import { COLLECTOR_ADDRESS } from './coin-collection.ts';
import { ISSUER_ABI, ISSUER_ADDRESS, TOKEN_ABIS } from './asset-abis.ts';

/** The framework's address. */
export const FRAMEWORK_ADDRESS = parseAddress('0x1');
/** The core-resources account that funds new accounts (as on Aptos test networks). */
const FAUCET_ADDRESS = parseAddress('0xa550c18');
/** Publisher of the sample application. */
export const APP_PUBLISHER = parseAddress('0xcafe');
/** The on-chain minimum gas unit price written to GasScheduleV2 (mainnet uses 100). */
export const MIN_GAS_UNIT_PRICE = 100;
/** Genesis time: 2024-06-01T00:00:00Z in microseconds. */
export const GENESIS_TIME_USEC = 1_717_200_000_000_000n;
const EPOCH_INTERVAL_USEC = 7_200_000_000n;

/**
 * Bytes stored as a module's code. We cannot compile Move here, so this is a placeholder: the
 * Move magic `a11ceb0b`, format version 6 (u32 LE), then the ABI as UTF-8 JSON. Documented in
 * docs/snapshot-format.md; clients decode values with the ABI, never with this.
 */
export function placeholderBytecode(abi: MoveModuleAbi): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(abi));
  const out = new Uint8Array(8 + json.length);
  out.set([0xa1, 0x1c, 0xeb, 0x0b, 6, 0, 0, 0]);
  out.set(json, 8);
  return out;
}

/** Writes module `abi` (code state value and ABI row) at the world's current version. */
export function publishModule(world: World, abi: MoveModuleAbi): void {
  const address = parseAddress(abi.address);
  world.writer.stateValue(moduleStateKey(address, abi.name), world.version, placeholderBytecode(abi));
  world.writer.module(address, abi.name, world.version, JSON.stringify(abi));
}

/** Emits the CoinRegisterEvent of an account registering its AptosCoin store (its first coin_register event). */
export function registerCoin(world: World, account: SimAccount): void {
  world.emit(account.address, ACCOUNT_STREAMS.coinRegister, 0, FRAMEWORK_TYPES.coinRegisterEvent, {
    type_info: { account_address: '0x1', module_name: '0x6170746f735f636f696e', struct_name: '0x4170746f73436f696e' },
  });
}

/** Builds genesis and returns the world as of version 0. */
export function buildGenesis(writer: LedgerRowSink, options: ChainOptions): World {
  const encoder = new ValueEncoder([
    ...FRAMEWORK_ABIS,
    ...TOKEN_ABIS,
    ISSUER_ABI,
    APP_ABI,
    ...collectionAbis(options.coinStores),
  ]);
  const world = new World(writer, encoder, {
    epoch: 1,
    lastReconfigurationTime: GENESIS_TIME_USEC,
    configurationEvents: 1,
    blockHeight: 0,
    newBlockEvents: 0,
    timestampUsec: GENESIS_TIME_USEC,
  });
  world.beginVersion(0);
  for (const abi of FRAMEWORK_ABIS) publishModule(world, abi);

  const framework = world.newAccount(FRAMEWORK_ADDRESS, derivedBytes(options.seed, 'auth:0x1'), 0n);
  framework.guidCreationNum = 5;
  framework.coinRegisterEvents = 0;
  world.writeAccount(framework);
  const put = (type: string, value: unknown): void =>
    world.resource(FRAMEWORK_ADDRESS, type, encoder.encode(type, value));
  put(FRAMEWORK_TYPES.chainId, { id: options.chainId });
  put(FRAMEWORK_TYPES.gasSchedule, gasScheduleValue(MIN_GAS_UNIT_PRICE));
  put(FRAMEWORK_TYPES.configuration, {
    epoch: '1',
    last_reconfiguration_time: GENESIS_TIME_USEC.toString(),
    events: eventHandle(1, FRAMEWORK_STREAMS.configuration, '0x1'),
  });
  world.emit(FRAMEWORK_ADDRESS, FRAMEWORK_STREAMS.configuration, 0, FRAMEWORK_TYPES.newEpochEvent, { epoch: '1' });
  put(FRAMEWORK_TYPES.blockResource, {
    height: '0',
    epoch_interval: EPOCH_INTERVAL_USEC.toString(),
    new_block_events: eventHandle(0, FRAMEWORK_STREAMS.newBlock, '0x1'),
    update_epoch_interval_events: eventHandle(0, FRAMEWORK_STREAMS.updateEpochInterval, '0x1'),
  });
  put(FRAMEWORK_TYPES.currentTime, { microseconds: GENESIS_TIME_USEC.toString() });
  const funded = (address: Uint8Array, balance: bigint, label: string) => {
    const account = world.newAccount(address, derivedBytes(options.seed, `auth:${label}`), balance);
    registerCoin(world, account);
    world.writeAccount(account);
    return account;
  };
  world.faucet = funded(FAUCET_ADDRESS, 1_000_000_000_000_000_000n, 'faucet');
  for (let i = 0; i < 4; i += 1) {
    world.validators.push(funded(derivedBytes(options.seed, `validator:${i}`), 100_000_000_000_000n, `validator:${i}`));
  }
  funded(APP_PUBLISHER, 50_000_000_000n, 'publisher');
  // Digital assets at 0x4 and the sample asset issuer, each with its package registry.
  for (const abi of TOKEN_ABIS) publishModule(world, abi);
  writePackageRegistry(
    world,
    parseAddress('0x4'),
    'AptosTokenObjects',
    TOKEN_ABIS.map((abi) => abi.name),
    true,
  );
  funded(parseAddress(ISSUER_ADDRESS), 10_000_000_000n, 'issuer');
  publishModule(world, ISSUER_ABI);
  writePackageRegistry(world, parseAddress(ISSUER_ADDRESS), 'SampleAssets', [ISSUER_ABI.name], true);
  if (options.coinStores > 0) {
    writeCoinCollection(world, options, (abi) => publishModule(world, abi));
    writePackageRegistry(
      world,
      parseAddress(COLLECTOR_ADDRESS),
      'CoinCollection',
      collectionAbis(options.coinStores).map((abi) => abi.name),
      true,
    );
  }
  // Every account's APT store, the coin's supply and (format v2) APT's paired fungible asset at 0xa with its supply.
  world.settle();
  // APT's pairing with 0xa in the framework's coin conversion map, with the migration flag on (as on mainnet).
  if (writer.format >= 2) writeCoinPairing(world, options.seed);
  writePackageRegistry(
    world,
    FRAMEWORK_ADDRESS,
    'AptosFramework',
    FRAMEWORK_ABIS.map((abi) => abi.name),
    true,
  );

  writer.transaction(
    systemTransactionRow({
      version: 0,
      blockHeight: 0,
      hash: derivedBytes(options.seed, 'txn:0'),
      kind: 'genesis',
      timestampUsec: GENESIS_TIME_USEC,
    }),
    systemDetails(options.seed, 0, null, true, GENESIS_PAYLOAD),
  );
  writer.block({
    height: 0,
    epoch: 1,
    round: 0,
    firstVersion: 0,
    lastVersion: 0,
    timestampUsec: GENESIS_TIME_USEC,
    hash: derivedBytes(options.seed, 'block:0'),
    blockLimitReached: false,
  });
  return world;
}

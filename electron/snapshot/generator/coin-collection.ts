/**
 * The coin collector: one account holding 10,000 `0x1::coin::CoinStore<T>` of distinct coin types,
 * so the explorer can be shown (and measured) on an account far larger than any UI lists naively
 * (the official explorer freezes at this size). The coin types are structs of modules the collector
 * publishes itself (`coins_00` … `coins_99`, 100 coin structs each), so the service decodes every
 * store with published ABIs exactly as it does the AptosCoin store.
 */
import { parseAddress } from '../../../shared/address.ts';
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import { moduleAbi } from './abi-builder.ts';
import { derivedBytes, type ChainOptions } from './chain-options.ts';
import { ACCOUNT_STREAMS, eventHandle, FRAMEWORK_TYPES } from './framework-values.ts';
import type { World } from './world.ts';

/** Address of the coin collector, short form ("c011ec7" ≈ collect). */
export const COLLECTOR_ADDRESS = '0xc011ec7';
const PER_MODULE = 100;
/** The first creation number after the account's own four handles (`ACCOUNT_STREAMS` in framework-values.ts). */
const FIRST_STORE_CREATION_NUMBER = 4;

const moduleName = (index: number): string => `coins_${String(index).padStart(2, '0')}`;
const coinName = (index: number): string => `Coin${String(index).padStart(5, '0')}`;

/** The ABIs of the coin modules defining `size` coin types (published at genesis). */
export function collectionAbis(size: number): readonly MoveModuleAbi[] {
  return Array.from({ length: Math.ceil(size / PER_MODULE) }, (_, m) =>
    moduleAbi(
      COLLECTOR_ADDRESS,
      moduleName(m),
      Array.from({ length: Math.min(PER_MODULE, size - m * PER_MODULE) }, (_, i) => ({
        name: coinName(m * PER_MODULE + i),
        abilities: ['key'],
        fields: [['dummy_field', 'bool']] as const,
      })),
    ),
  );
}

/** The coin type of store `index` (0-based). */
export function collectionCoinType(index: number): string {
  return `${COLLECTOR_ADDRESS}::${moduleName(Math.floor(index / PER_MODULE))}::${coinName(index)}`;
}

/**
 * Creates the collector at the world's current version (genesis): its Account, its AptosCoin store
 * and `options.coinStores` coin stores whose event handles take creation numbers 4, 5, 6, … in order.
 * `publish` writes a module at the current version.
 */
export function writeCoinCollection(world: World, options: ChainOptions, publish: (abi: MoveModuleAbi) => void): void {
  const address = parseAddress(COLLECTOR_ADDRESS);
  const size = options.coinStores;
  for (const abi of collectionAbis(size)) publish(abi);
  const collector = world.newAccount(address, derivedBytes(options.seed, 'auth:collector'), 1_000_000_000n);
  collector.guidCreationNum = FIRST_STORE_CREATION_NUMBER + 2 * size;
  // Registering its AptosCoin store is the account's first coin_register event, as for every account.
  world.emit(address, ACCOUNT_STREAMS.coinRegister, 0, FRAMEWORK_TYPES.coinRegisterEvent, {
    type_info: { account_address: '0x1', module_name: '0x6170746f735f636f696e', struct_name: '0x4170746f73436f696e' },
  });
  world.writeAccount(collector);
  for (let index = 0; index < size; index += 1) {
    const type = `0x1::coin::CoinStore<${collectionCoinType(index)}>`;
    const creation = FIRST_STORE_CREATION_NUMBER + 2 * index;
    const value = {
      coin: { value: String((index + 1) * 1_000) },
      frozen: false,
      deposit_events: eventHandle(0, creation, COLLECTOR_ADDRESS),
      withdraw_events: eventHandle(0, creation + 1, COLLECTOR_ADDRESS),
    };
    // Every CoinStore<T> has the same layout whatever T (T is a phantom of Coin and of the events): encoding them all
    // with AptosCoin's resolved layout gives the same bytes without resolving 10,000 layouts.
    world.resource(address, type, world.encoder.encode(FRAMEWORK_TYPES.coinStore, value));
  }
}

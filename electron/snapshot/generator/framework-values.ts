/**
 * JSON-in forms of the framework resources and events the generator writes, with the real field
 * names (declared in framework-abis.ts). The chain simulation keeps plain counters; these turn them into values.
 */
import { bytesToHex } from '../../../shared/hex.ts';

/** Type tags (canonical text) of the framework values the generator writes. */
export const FRAMEWORK_TYPES = {
  account: '0x1::account::Account',
  coinStore: '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>',
  coinInfo: '0x1::coin::CoinInfo<0x1::aptos_coin::AptosCoin>',
  chainId: '0x1::chain_id::ChainId',
  gasSchedule: '0x1::gas_schedule::GasScheduleV2',
  configuration: '0x1::reconfiguration::Configuration',
  blockResource: '0x1::block::BlockResource',
  currentTime: '0x1::timestamp::CurrentTimeMicroseconds',
  depositEvent: '0x1::coin::DepositEvent',
  withdrawEvent: '0x1::coin::WithdrawEvent',
  coinRegisterEvent: '0x1::account::CoinRegisterEvent',
  keyRotationEvent: '0x1::account::KeyRotationEvent',
  newBlockEvent: '0x1::block::NewBlockEvent',
  newEpochEvent: '0x1::reconfiguration::NewEpochEvent',
} as const;

/**
 * Creation numbers of a user account's event handles, in the order the framework creates them: `Account`'s
 * coin_register_events and key_rotation_events, then the coin store's deposit and withdraw events.
 */
export const ACCOUNT_STREAMS = { coinRegister: 0, keyRotation: 1, deposit: 2, withdraw: 3 } as const;

/** Creation numbers of 0x1's framework event handles in generated snapshots. */
export const FRAMEWORK_STREAMS = { configuration: 2, newBlock: 3, updateEpochInterval: 4 } as const;

/** JSON-in of `0x1::event::EventHandle<T>`. */
export function eventHandle(counter: number, creationNum: number, addr: string): unknown {
  return { counter: String(counter), guid: { id: { creation_num: String(creationNum), addr } } };
}

/** Everything the simulation tracks for an account that the Account and CoinStore resources show. */
export interface AccountCounters {
  readonly short: string;
  authKey: Uint8Array;
  sequenceNumber: number;
  guidCreationNum: number;
  coinRegisterEvents: number;
  keyRotationEvents: number;
  depositEvents: number;
  withdrawEvents: number;
  balance: bigint;
}

/** JSON-in of `0x1::account::Account`. */
export function accountValue(a: AccountCounters): unknown {
  return {
    authentication_key: bytesToHex(a.authKey),
    sequence_number: String(a.sequenceNumber),
    guid_creation_num: String(a.guidCreationNum),
    coin_register_events: eventHandle(a.coinRegisterEvents, ACCOUNT_STREAMS.coinRegister, a.short),
    key_rotation_events: eventHandle(a.keyRotationEvents, ACCOUNT_STREAMS.keyRotation, a.short),
    rotation_capability_offer: { for: { vec: [] } },
    signer_capability_offer: { for: { vec: [] } },
  };
}

/** JSON-in of `0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>`. */
export function coinStoreValue(a: AccountCounters): unknown {
  return {
    coin: { value: a.balance.toString() },
    frozen: false,
    deposit_events: eventHandle(a.depositEvents, ACCOUNT_STREAMS.deposit, a.short),
    withdraw_events: eventHandle(a.withdrawEvents, ACCOUNT_STREAMS.withdraw, a.short),
  };
}

/** JSON-in of `0x1::gas_schedule::GasScheduleV2` with the entries a node reads. */
export function gasScheduleValue(minGasUnitPrice: number): unknown {
  const entries: [string, number][] = [
    ['instr.nop', 36],
    ['txn.min_transaction_gas_units', 2_760_000],
    ['txn.maximum_number_of_gas_units', 2_000_000],
    ['txn.min_price_per_gas_unit', minGasUnitPrice],
    ['txn.max_price_per_gas_unit', 10_000_000_000],
    ['txn.max_transaction_size_in_bytes', 65_536],
    ['txn.gas_unit_scaling_factor', 1_000_000],
  ];
  return { feature_version: '12', entries: entries.map(([key, val]) => ({ key, val: String(val) })) };
}

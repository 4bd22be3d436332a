/**
 * The user transactions of the simulation. Each function applies one transaction's effects to the
 * world (state writes and events at the current version) and says who sent it and what it called;
 * the block producer charges gas and records the transaction row.
 */
import { formatAddress } from '../../../shared/address.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import { APP_ABI, REGISTRY_TABLES, APP_ADDRESS, APP_MODULE } from './app-abis.ts';
import { derivedBytes } from './chain-options.ts';
import { ACCOUNT_STREAMS, FRAMEWORK_TYPES } from './framework-values.ts';
import { APP_PUBLISHER, publishModule, registerCoin } from './genesis.ts';
import { RegistrySim, registryHandles } from './registry-sim.ts';
import type { Random } from './random.ts';
import type { SimAccount, World } from './world.ts';

/** What a user transaction was, for its transaction row. */
export interface UserTxnEffect {
  readonly sender: SimAccount;
  readonly entryFunction: string;
  readonly gasUsed: number;
  /** Orderless transactions carry a nonce and leave the sender's sequence number alone. */
  readonly orderless: boolean;
}

const TRANSFER = '0x1::aptos_account::transfer';
const COIN_TRANSFER = '0x1::coin::transfer';

/** Moves `amount` from `from` to `to`, with the withdraw and deposit events. */
function moveCoins(world: World, from: SimAccount, to: SimAccount, amount: bigint): void {
  from.balance -= amount;
  world.emit(from.address, ACCOUNT_STREAMS.withdraw, from.withdrawEvents++, FRAMEWORK_TYPES.withdrawEvent, {
    amount: amount.toString(),
  });
  to.balance += amount;
  world.emit(to.address, ACCOUNT_STREAMS.deposit, to.depositEvents++, FRAMEWORK_TYPES.depositEvent, {
    amount: amount.toString(),
  });
  if (to !== from) world.writeCoinStore(to);
}

/** The faucet creates and funds a new account (Account + CoinStore + CoinRegisterEvent). */
export function createAccount(world: World, seed: number, random: Random): UserTxnEffect {
  const index = world.userAccounts.length;
  const account = world.newAccount(
    derivedBytes(seed, `account:${index}`),
    derivedBytes(seed, `auth:account:${index}`),
    0n,
  );
  world.writeAccount(account);
  registerCoin(world, account);
  world.userAccounts.push(account);
  const faucet = requireFaucet(world);
  moveCoins(world, faucet, account, BigInt(random.int(100_000_000, 50_000_000_000)));
  return { sender: faucet, entryFunction: TRANSFER, gasUsed: random.int(900, 1100), orderless: false };
}

function requireFaucet(world: World): SimAccount {
  if (!world.faucet) throw new Error('genesis did not create the faucet');
  return world.faucet;
}

/** A transfer between two user accounts; the faucet tops up a sender that runs low. */
export function transfer(world: World, random: Random, orderless: boolean): UserTxnEffect {
  const sender = random.pick(world.userAccounts);
  if (sender.balance < 10_000_000n) {
    moveCoins(world, requireFaucet(world), sender, 5_000_000_000n);
    return { sender: requireFaucet(world), entryFunction: TRANSFER, gasUsed: random.int(8, 12), orderless: false };
  }
  let receiver = random.pick(world.userAccounts);
  if (receiver === sender)
    receiver = world.userAccounts[(world.userAccounts.indexOf(sender) + 1) % world.userAccounts.length] ?? sender;
  const amount = BigInt(random.int(1, 1_000_000)) * (sender.balance / 100_000_000n + 1n);
  moveCoins(world, sender, receiver, amount > sender.balance / 10n ? sender.balance / 10n : amount);
  return {
    sender,
    entryFunction: random.chance(0.6) ? TRANSFER : COIN_TRANSFER,
    gasUsed: random.int(6, 30),
    orderless,
  };
}

/** The sender rotates its authentication key (KeyRotationEvent). */
export function rotateKey(world: World, random: Random): UserTxnEffect {
  const sender = random.pick(world.userAccounts);
  const next = random.bytes(32);
  world.emit(
    sender.address,
    ACCOUNT_STREAMS.keyRotation,
    sender.keyRotationEvents++,
    FRAMEWORK_TYPES.keyRotationEvent,
    {
      old_authentication_key: bytesToHex(sender.authKey),
      new_authentication_key: bytesToHex(next),
    },
  );
  sender.authKey = next;
  return {
    sender,
    entryFunction: '0x1::account::rotate_authentication_key_call',
    gasUsed: random.int(40, 60),
    orderless: false,
  };
}

/** 0xcafe publishes the registry package; `init_module` creates the Registry and its five tables. */
export function publishRegistry(world: World, seed: number, random: Random): UserTxnEffect {
  publishModule(world, APP_ABI);
  const publisher = world.accounts.get(formatAddress(APP_PUBLISHER));
  if (!publisher) throw new Error('genesis did not create the 0xcafe publisher');
  publisher.guidCreationNum = 5;
  const handles = registryHandles(seed);
  const registry = new RegistrySim(world.encoder, handles, random);
  world.registry = registry;
  REGISTRY_TABLES.forEach(({ field, keyType, valueType }, i) => {
    const handle = handles[i];
    if (handle)
      world.writer.tableInfo(
        handle,
        keyType,
        valueType,
        { address: APP_PUBLISHER, resource: `${APP_ADDRESS}::${APP_MODULE}::Registry`, field },
        world.version,
      );
  });
  registry.writeRegistry(world);
  return {
    sender: publisher,
    entryFunction: '0x1::code::publish_package_txn',
    gasUsed: random.int(4000, 6000),
    orderless: false,
  };
}

/** A registry call: create (more often while few records exist), update or remove. */
export function registryCall(world: World, random: Random): UserTxnEffect | undefined {
  const registry = world.registry;
  if (!registry) return undefined;
  const roll = random.float();
  const record = registry.pickRecord();
  const call = `${APP_ADDRESS}::${APP_MODULE}::`;
  if (record && registry.liveRecords > 20 && roll < 0.25) {
    const owner = world.accounts.get(record.owner);
    if (owner) {
      registry.remove(record, world);
      return { sender: owner, entryFunction: `${call}remove`, gasUsed: random.int(300, 500), orderless: false };
    }
  }
  if (record && roll < 0.6) {
    const owner = world.accounts.get(record.owner);
    if (owner) {
      registry.update(record, world.version, world);
      return { sender: owner, entryFunction: `${call}update`, gasUsed: random.int(400, 800), orderless: false };
    }
  }
  const sender = random.pick(world.userAccounts);
  registry.create(sender.short, world.version, world);
  return { sender, entryFunction: `${call}create`, gasUsed: random.int(900, 2000), orderless: false };
}

/**
 * The user transactions of the simulation. Each function applies one transaction's effects to the
 * world (state writes and events at the current version) and says who sent it and what it called;
 * the block producer charges gas and records the transaction (row and details).
 */
import { formatAddress } from '../../../shared/address.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import type { EntryCall } from '../transaction-details.ts';
import { APP_ABI, REGISTRY_TABLES, APP_ADDRESS, APP_MODULE } from './app-abis.ts';
import { derivedBytes } from './chain-options.ts';
import {
  publishCall,
  registryCreateCall,
  registryRemoveCall,
  registryUpdateCall,
  rotateCall,
  transferCall,
} from './entry-calls.ts';
import { ACCOUNT_STREAMS, FRAMEWORK_TYPES } from './framework-values.ts';
import { APP_PUBLISHER, placeholderBytecode, publishModule, registerCoin } from './genesis.ts';
import { writePackageRegistry } from './package-registry.ts';
import { RegistrySim, registryHandles } from './registry-sim.ts';
import type { Random } from './random.ts';
import type { SimAccount, World } from './world.ts';

/** What a user transaction was, for its transaction row and details. */
export interface UserTxnEffect {
  readonly sender: SimAccount;
  readonly call: EntryCall;
  readonly gasUsed: number;
  /** Orderless transactions carry a nonce and leave the sender's sequence number alone. */
  readonly orderless: boolean;
  /** Accounts that signed besides the sender (a multi-agent transaction). */
  readonly secondary?: readonly SimAccount[] | undefined;
}

/** Moves `amount` from `from` to `to`, with the withdraw and deposit events of where each holds its APT. */
function moveCoins(world: World, from: SimAccount, to: SimAccount, amount: bigint): void {
  world.changeApt(from, -amount);
  world.withdrawEvent(from, amount);
  world.changeApt(to, amount);
  world.depositEvent(to, amount);
}

/**
 * The faucet creates and funds a new account (Account, then a CoinStore with its CoinRegisterEvent — or, for every
 * third account, a primary fungible store of APT as accounts created after the coin migration have).
 */
export function createAccount(world: World, seed: number, random: Random): UserTxnEffect {
  const index = world.userAccounts.length;
  const account = world.newAccount(
    derivedBytes(seed, `account:${index}`),
    derivedBytes(seed, `auth:account:${index}`),
    0n,
    index % 3 === 2,
  );
  if (account.primaryStore) account.coinRegisterEvents = 0;
  world.writeAccount(account);
  if (!account.primaryStore) registerCoin(world, account);
  world.userAccounts.push(account);
  const faucet = requireFaucet(world);
  const amount = BigInt(random.int(100_000_000, 50_000_000_000));
  moveCoins(world, faucet, account, amount);
  return {
    sender: faucet,
    call: transferCall(account, amount, false),
    gasUsed: random.int(900, 1100),
    orderless: false,
  };
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
    return {
      sender: requireFaucet(world),
      call: transferCall(sender, 5_000_000_000n, false),
      gasUsed: random.int(8, 12),
      orderless: false,
    };
  }
  let receiver = random.pick(world.userAccounts);
  if (receiver === sender)
    receiver = world.userAccounts[(world.userAccounts.indexOf(sender) + 1) % world.userAccounts.length] ?? sender;
  const wanted = BigInt(random.int(1, 1_000_000)) * (sender.balance / 100_000_000n + 1n);
  const amount = wanted > sender.balance / 10n ? sender.balance / 10n : wanted;
  moveCoins(world, sender, receiver, amount);
  return {
    sender,
    call: transferCall(receiver, amount, !random.chance(0.6)),
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
  return { sender, call: rotateCall(next), gasUsed: random.int(40, 60), orderless: false };
}

/** 0xcafe publishes the registry package; `init_module` creates the Registry and its five tables. */
export function publishRegistry(world: World, seed: number, random: Random): UserTxnEffect {
  publishModule(world, APP_ABI);
  const publisher = world.accounts.get(formatAddress(APP_PUBLISHER));
  if (!publisher) throw new Error('genesis did not create the 0xcafe publisher');
  const metadata = writePackageRegistry(world, APP_PUBLISHER, 'registry', [APP_ABI.name]);
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
    call: publishCall(metadata, [placeholderBytecode(APP_ABI)]),
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
  if (record && registry.liveRecords > 20 && roll < 0.25) {
    const owner = world.accounts.get(record.owner);
    if (owner) {
      registry.remove(record, world);
      return { sender: owner, call: registryRemoveCall(record.id), gasUsed: random.int(300, 500), orderless: false };
    }
  }
  if (record && roll < 0.6) {
    const owner = world.accounts.get(record.owner);
    if (owner) {
      const status = registry.update(record, world.version, world);
      return {
        sender: owner,
        call: registryUpdateCall(record.id, status),
        gasUsed: random.int(400, 800),
        orderless: false,
      };
    }
  }
  const sender = random.pick(world.userAccounts);
  const { name, tags } = registry.create(sender.short, world.version, world);
  return { sender, call: registryCreateCall(name, tags), gasUsed: random.int(900, 2000), orderless: false };
}

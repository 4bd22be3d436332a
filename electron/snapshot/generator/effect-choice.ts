/**
 * Which user transaction comes next: the registry's publication in the first block, account creations while the
 * chain is young, the asset issuer's launch, then a mix of registry calls, key rotations, fungible and digital asset
 * operations and APT transfers (some orderless) — or a failed transfer that only pays gas.
 */
import { ISSUER_ADDRESS } from './asset-abis.ts';
import { AssetSim } from './asset-sim.ts';
import type { BlockPlan } from './block-plan.ts';
import type { ChainOptions } from './chain-options.ts';
import { transferCall } from './entry-calls.ts';
import type { Random } from './random.ts';
import {
  createAccount,
  publishRegistry,
  registryCall,
  rotateKey,
  transfer,
  type UserTxnEffect,
} from './user-transactions.ts';
import type { World } from './world.ts';

/**
 * The issuer's fungible and digital assets of each world, launched after the registry (format v2 only: they are
 * objects). Kept here, not on the World, so world.ts and asset-sim.ts do not import each other.
 */
const assetSims = new WeakMap<World, AssetSim>();

/** Applies the effects of the next successful user transaction at `version` and says what it was. */
export function chooseEffect(
  world: World,
  options: ChainOptions,
  random: Random,
  plan: BlockPlan,
  version: number,
): UserTxnEffect {
  const seed = options.seed;
  if (!world.registry && world.framework.blockHeight >= 1) return publishRegistry(world, seed, random);
  const progress = version / options.versions;
  const wanted = Math.min(options.accounts, Math.ceil(options.accounts * Math.min(1, progress / 0.5)));
  if (world.userAccounts.length < Math.max(2, wanted)) return createAccount(world, seed, random);
  if (!assetSims.has(world) && world.writer.format >= 2) {
    const issuer = world.accounts.get(ISSUER_ADDRESS);
    if (!issuer) throw new Error('genesis did not create the asset issuer');
    const launched = new AssetSim(world, issuer);
    assetSims.set(world, launched);
    return launched.launchEffect(random);
  }
  const roll = random.float();
  const registryShare = plan.kind === 'one_contract' ? 0.7 : 0.3;
  if (roll < registryShare) return registryCall(world, random) ?? transfer(world, random, false);
  if (roll < registryShare + 0.01) return rotateKey(world, random);
  const assets = assetSims.get(world);
  if (assets && roll < registryShare + 0.15) {
    const pick = random.float();
    const effect =
      pick < 0.3
        ? assets.mint(world, random)
        : pick < 0.6
          ? assets.transfer(world, random)
          : pick < 0.75
            ? assets.mintToken(world, random)
            : assets.transferToken(world, random);
    if (effect) return effect;
  }
  return transfer(world, random, random.chance(0.08));
}

/** A failed transfer: the sender pays gas and its sequence number advances; nothing else is written. */
export function failedEffect(world: World, random: Random): UserTxnEffect {
  const sender = random.pick(world.userAccounts);
  const receiver = random.pick(world.userAccounts);
  return {
    sender,
    call: transferCall(receiver, sender.balance + BigInt(random.int(1, 1_000_000_000)), false),
    gasUsed: random.int(5, 20),
    orderless: false,
  };
}

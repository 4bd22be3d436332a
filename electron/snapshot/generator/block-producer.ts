/**
 * Produces one planned block: the block-metadata transaction (block resource, time, new-block
 * event, and the reconfiguration when an epoch starts), the user transactions with their gas
 * charges and fee statements, and the block epilogue (a state checkpoint in the first epoch's ordinary blocks, as
 * chains did before block epilogues).
 */
import { bytesToHex } from '../../../shared/hex.ts';
import type { BlockPlan } from './block-plan.ts';
import { derivedBytes, type ChainOptions } from './chain-options.ts';
import { eventHandle, FRAMEWORK_STREAMS, FRAMEWORK_TYPES } from './framework-values.ts';
import { FRAMEWORK_ADDRESS } from './genesis.ts';
import type { Random } from './random.ts';
import { chooseEffect, failedEffect } from './effect-choice.ts';
import type { SimAccount, World } from './world.ts';
import { OBJECT_TYPES } from './fungible-assets.ts';
import { systemDetails, userDetails, VM_STATUS_INSUFFICIENT_BALANCE } from './txn-details.ts';
import { VM_STATUS_SUCCESS, type TransactionDetailsRow } from '../transaction-details.ts';
import type { TransactionRow } from '../snapshot-writer.ts';
import { systemTransactionRow } from '../snapshot-rows.ts';
import { blockMetadataHash, userTransactionHash } from '../transaction-hash.ts';
import { U64_MAX } from '../../../shared/ledger/u64.ts';

/** Writes blocks into the world, one plan at a time. */
export class BlockProducer {
  readonly #world: World;
  readonly #options: ChainOptions;
  readonly #random: Random;
  #version = 1;
  #round = 0;

  /** Continues after genesis (version 0, block 0). */
  constructor(world: World, options: ChainOptions, random: Random) {
    this.#world = world;
    this.#options = options;
    this.#random = random;
  }

  /** Number of blocks written, genesis included. */
  get blocks(): number {
    return this.#world.framework.blockHeight + 1;
  }

  /** Writes the block for `plan`; returns its first version. */
  produce(plan: BlockPlan): number {
    const world = this.#world;
    const fw = world.framework;
    const first = this.#version;
    const seed = this.#options.seed;
    fw.blockHeight += 1;
    this.#round += this.#random.chance(0.05) ? 2 : 1;
    fw.timestampUsec += BigInt(this.#random.int(150_000, 900_000));
    const blockHash = derivedBytes(seed, `block:${fw.blockHeight}`);
    this.#begin();
    if (plan.newEpoch) this.#reconfigure();
    const put = (type: string, value: unknown): void =>
      world.resource(FRAMEWORK_ADDRESS, type, world.encoder.encode(type, value));
    put(FRAMEWORK_TYPES.blockResource, {
      height: String(fw.blockHeight),
      epoch_interval: '7200000000',
      new_block_events: eventHandle(fw.newBlockEvents + 1, FRAMEWORK_STREAMS.newBlock, '0x1'),
      update_epoch_interval_events: eventHandle(0, FRAMEWORK_STREAMS.updateEpochInterval, '0x1'),
    });
    put(FRAMEWORK_TYPES.currentTime, { microseconds: fw.timestampUsec.toString() });
    const proposer = this.#random.pick(world.validators);
    const votes = this.#random.bytes(this.#random.chance(0.9) ? 1 : 2);
    const failed = this.#random.chance(0.03) ? [this.#random.int(0, 3)] : [];
    world.emit(FRAMEWORK_ADDRESS, FRAMEWORK_STREAMS.newBlock, fw.newBlockEvents++, FRAMEWORK_TYPES.newBlockEvent, {
      hash: bytesToHex(blockHash),
      epoch: String(fw.epoch),
      round: String(this.#round),
      height: String(fw.blockHeight),
      previous_block_votes_bitvec: bytesToHex(votes),
      proposer: proposer.short,
      failed_proposer_indices: failed.map(String),
      time_microseconds: fw.timestampUsec.toString(),
    });
    this.#system(
      'block_metadata',
      first,
      {
        id: bytesToHex(blockHash),
        epoch: String(fw.epoch),
        round: String(this.#round),
        previous_block_votes_bitvec: [...votes],
        proposer: proposer.short,
        failed_proposer_indices: failed,
      },
      blockMetadataHash({
        id: blockHash,
        epoch: BigInt(fw.epoch),
        round: BigInt(this.#round),
        proposer: proposer.address,
        previousBlockVotesBitvec: [...votes],
        failedProposerIndices: failed,
        timestampUsec: fw.timestampUsec,
      }),
    );

    let blockGas = 0;
    for (let i = 0; i < plan.userTxns; i += 1) blockGas += this.#userTransaction(plan);
    if (plan.epilogue) {
      this.#begin();
      if (fw.epoch === 1 && plan.kind === 'normal') this.#system('state_checkpoint', this.#version - 1, null);
      else
        this.#system('block_epilogue', this.#version - 1, {
          block_end_info: {
            block_gas_limit_reached: plan.kind === 'limit_reached',
            block_output_limit_reached: false,
            block_effective_block_gas_units: blockGas,
            block_approx_output_size: plan.userTxns * 1_200 + 400,
          },
        });
    }
    world.writer.block({
      height: fw.blockHeight,
      epoch: fw.epoch,
      round: this.#round,
      firstVersion: first,
      lastVersion: this.#version - 1,
      timestampUsec: fw.timestampUsec,
      hash: blockHash,
      blockLimitReached: plan.kind === 'limit_reached',
    });
    return first;
  }

  #begin(): void {
    this.#world.beginVersion(this.#version);
    this.#version += 1;
  }

  #reconfigure(): void {
    const world = this.#world;
    const fw = world.framework;
    fw.epoch += 1;
    fw.lastReconfigurationTime = fw.timestampUsec;
    world.emit(
      FRAMEWORK_ADDRESS,
      FRAMEWORK_STREAMS.configuration,
      fw.configurationEvents++,
      FRAMEWORK_TYPES.newEpochEvent,
      { epoch: String(fw.epoch) },
    );
    world.resource(
      FRAMEWORK_ADDRESS,
      FRAMEWORK_TYPES.configuration,
      world.encoder.encode(FRAMEWORK_TYPES.configuration, {
        epoch: String(fw.epoch),
        last_reconfiguration_time: fw.lastReconfigurationTime.toString(),
        events: eventHandle(fw.configurationEvents, FRAMEWORK_STREAMS.configuration, '0x1'),
      }),
    );
  }

  #system(
    kind: 'block_metadata' | 'block_epilogue' | 'state_checkpoint',
    version: number,
    kindFields: Record<string, unknown> | null,
    hash?: Uint8Array,
  ): void {
    const details = systemDetails(this.#options.seed, version, kindFields, kind !== 'block_metadata');
    this.#world.writer.transaction(
      systemTransactionRow({
        version,
        blockHeight: this.#world.framework.blockHeight,
        hash: hash ?? derivedBytes(this.#options.seed, `txn:${version}`),
        kind,
        timestampUsec: this.#world.framework.timestampUsec,
      }),
      details,
    );
  }

  /** Writes one user transaction; returns the gas it used. */
  #userTransaction(plan: BlockPlan): number {
    const world = this.#world;
    const random = this.#random;
    this.#begin();
    // A failed transaction only pays gas: its effects are never applied.
    const success = world.userAccounts.length < 2 || !random.chance(0.015);
    const effect = success
      ? chooseEffect(world, this.#options, random, plan, this.#version)
      : failedEffect(world, random);
    const price = random.int(plan.minPrice, plan.maxPrice);
    const sender = effect.sender;
    const feePayer = this.#feePayer(sender, effect.orderless);
    const payer = feePayer ?? sender;
    // The fee is burned from the payer's APT (the fee payer's, when one signed): supply falls by the fee.
    world.changeApt(payer, -BigInt(effect.gasUsed * price));
    const sequenceNumber = effect.orderless ? null : sender.sequenceNumber++;
    if (!effect.orderless) world.writeAccount(sender);
    world.settle();
    const execution = Math.ceil(effect.gasUsed * 0.6);
    world.moduleEvent(OBJECT_TYPES.feeStatement, {
      total_charge_gas_units: String(effect.gasUsed),
      execution_gas_units: String(execution),
      io_gas_units: String(effect.gasUsed - execution),
      storage_fee_octas: '0',
      storage_fee_refund_octas: '0',
    });
    const version = world.version;
    const nonce = effect.orderless ? random.int(1, 2 ** 40) : null;
    const expirationTimestampSecs = Number(world.framework.timestampUsec / 1_000_000n) + (effect.orderless ? 60 : 600);
    const details: TransactionDetailsRow = userDetails({
      seed: this.#options.seed,
      version,
      call: effect.call,
      sender,
      secondary: effect.secondary ?? [],
      feePayer,
      vmStatus: success ? VM_STATUS_SUCCESS : VM_STATUS_INSUFFICIENT_BALANCE,
      expirationTimestampSecs,
      nonce,
    });
    const maxGasAmount = 200_000;
    const hash = userTransactionHash({
      sender: sender.address,
      sequenceNumber: sequenceNumber === null ? U64_MAX : BigInt(sequenceNumber),
      payloadBcs: details.payloadBcs ?? new Uint8Array(0),
      maxGasAmount: BigInt(maxGasAmount),
      gasUnitPrice: BigInt(price),
      expirationTimestampSecs: BigInt(expirationTimestampSecs),
      chainId: this.#options.chainId,
      signature: JSON.parse(details.signature ?? 'null') as unknown,
    });
    const row: TransactionRow = {
      version,
      blockHeight: world.framework.blockHeight,
      hash: hash ?? derivedBytes(this.#options.seed, `txn:${version}`),
      kind: 'user',
      sender: sender.address,
      sequenceNumber,
      nonce,
      entryFunction: effect.call.function,
      gasUnitPrice: price,
      maxGasAmount,
      gasUsed: effect.gasUsed,
      success,
      timestampUsec: world.framework.timestampUsec,
    };
    world.writer.transaction(row, details);
    return effect.gasUsed;
  }

  /** Now and then another user account pays the gas (a fee-payer transaction). */
  #feePayer(sender: SimAccount, orderless: boolean): SimAccount | undefined {
    const world = this.#world;
    if (orderless || world.userAccounts.length < 3 || !this.#random.chance(0.04)) return undefined;
    const payer = this.#random.pick(world.userAccounts);
    return payer === sender || payer.balance < 10_000_000n ? undefined : payer;
  }
}

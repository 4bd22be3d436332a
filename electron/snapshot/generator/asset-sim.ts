/**
 * Fungible assets beyond APT and digital assets of the simulation, all issued by the issuer account (asset-abis.ts):
 * two fungible assets
 * (metadata objects with supply) minted into users' primary stores and transferred between them, and a token
 * collection whose tokens (objects in `ObjectGroup`) are minted to users and transferred — sometimes as a gift both
 * parties sign (multi-agent). Every write rewrites the whole group, as the node's write sets do.
 */
import { formatAddress, parseAddress } from '../../../shared/address.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import type { EntryCall } from '../transaction-details.ts';
import { ISSUER_ADDRESS } from './asset-abis.ts';
import { faTransferCall } from './entry-calls.ts';
import {
  metadataMembers,
  namedObjectAddress,
  OBJECT_TYPES,
  objectCore,
  primaryStoreAddress,
  primaryStoreMembers,
  type AssetSpec,
} from './fungible-assets.ts';
import { eventHandle } from './framework-values.ts';
import type { Random } from './random.ts';
import type { UserTxnEffect } from './user-transactions.ts';
import type { SimAccount, World } from './world.ts';
import type { JsonValue } from '../../../shared/api/wire-schemas.ts';

interface Asset {
  readonly address: Uint8Array;
  readonly short: string;
  readonly spec: AssetSpec;
  supply: bigint;
}

interface Token {
  readonly address: Uint8Array;
  readonly short: string;
  readonly index: number;
  readonly name: string;
  owner: SimAccount;
}

const COLLECTION_NAME = 'Ledger Explorer Sample Collection';
const ASSETS: readonly Omit<AssetSpec, 'supply'>[] = [
  { name: 'Sample Dollar', symbol: 'USDX', decimals: 6, iconUri: 'https://example.com/usdx.svg', projectUri: '' },
  { name: 'Gems', symbol: 'GEMS', decimals: 0, iconUri: '', projectUri: 'https://example.com/gems' },
];

const issuerCall = (name: string, args: readonly (readonly [JsonValue, Uint8Array])[]): EntryCall => ({
  function: `${ISSUER_ADDRESS}::assets::${name}`,
  typeArguments: [],
  arguments: args.map(([json]) => json),
  argumentBytes: args.map(([, bytes]) => bytes),
});
const addressArg = (account: { short: string; address: Uint8Array }): readonly [JsonValue, Uint8Array] => [
  account.short,
  account.address,
];

/** The issuer's assets and tokens, and the effects of the transactions that use them. */
export class AssetSim {
  readonly #issuer: SimAccount;
  readonly #assets: Asset[];
  readonly #collection: Uint8Array;
  readonly #tokens: Token[] = [];
  /** Balance per `asset:owner` (short addresses), and the keys with a positive balance. */
  readonly #balances = new Map<string, bigint>();
  readonly #holders: { asset: Asset; owner: SimAccount }[] = [];

  /** Launches the assets and the collection at the world's current version (the issuer's `launch` call). */
  constructor(world: World, issuer: SimAccount) {
    this.#issuer = issuer;
    this.#assets = ASSETS.map((spec) => {
      const address = namedObjectAddress(issuer.address, spec.symbol);
      return { address, short: formatAddress(address), spec: { ...spec, supply: 0n }, supply: 0n };
    });
    for (const asset of this.#assets) this.#writeMetadata(world, asset);
    this.#collection = namedObjectAddress(issuer.address, COLLECTION_NAME);
    this.#writeCollection(world);
  }

  /** The effect of the launch transaction. */
  launchEffect(random: Random): UserTxnEffect {
    return { sender: this.#issuer, call: issuerCall('launch', []), gasUsed: random.int(2000, 3000), orderless: false };
  }

  #writeMetadata(world: World, asset: Asset): void {
    world.objectGroup(
      asset.address,
      metadataMembers(asset.short, this.#issuer.short, { ...asset.spec, supply: asset.supply }, false).filter(
        ([type]) => type !== OBJECT_TYPES.deriveRefPod,
      ),
    );
  }

  #writeCollection(world: World): void {
    const short = formatAddress(this.#collection);
    const aggregator = (value: number) => ({ value: String(value), max_value: '18446744073709551615' });
    world.objectGroup(this.#collection, [
      [OBJECT_TYPES.objectCore, objectCore(short, this.#issuer.short, false)],
      [
        '0x4::collection::Collection',
        {
          creator: this.#issuer.short,
          description: 'Tokens of the generated sample chain',
          name: COLLECTION_NAME,
          uri: 'https://example.com/collection',
          mutation_events: eventHandle(0, 1125899906842625, short),
        },
      ],
      [
        '0x4::collection::ConcurrentSupply',
        { current_supply: aggregator(this.#tokens.length), total_minted: aggregator(this.#tokens.length) },
      ],
    ]);
  }

  #writeStore(world: World, asset: Asset, owner: SimAccount): void {
    const store = primaryStoreAddress(owner.address, asset.address);
    const balance = this.#balances.get(`${asset.short}:${owner.short}`) ?? 0n;
    world.objectGroup(store, primaryStoreMembers(store, owner.short, asset.short, balance));
  }

  #move(world: World, asset: Asset, owner: SimAccount, amount: bigint): void {
    const key = `${asset.short}:${owner.short}`;
    const before = this.#balances.get(key) ?? 0n;
    if (before === 0n && amount > 0n) this.#holders.push({ asset, owner });
    this.#balances.set(key, before + amount);
    const store = formatAddress(primaryStoreAddress(owner.address, asset.address));
    const magnitude = (amount < 0n ? -amount : amount).toString();
    world.moduleEvent(amount < 0n ? OBJECT_TYPES.withdraw : OBJECT_TYPES.deposit, { store, amount: magnitude });
    this.#writeStore(world, asset, owner);
  }

  #writeToken(world: World, token: Token): void {
    world.objectGroup(token.address, [
      [OBJECT_TYPES.objectCore, objectCore(token.short, token.owner.short, true)],
      [
        '0x4::token::Token',
        {
          collection: formatAddress(this.#collection),
          index: String(token.index),
          description: `Token ${token.index} of the sample collection`,
          name: token.name,
          uri: `https://example.com/token/${token.index}`,
          mutation_events: eventHandle(0, 1125899906842625, token.short),
        },
      ],
    ]);
  }

  /** The issuer mints an amount of one asset into a user's primary store (raising the asset's supply). */
  mint(world: World, random: Random): UserTxnEffect {
    const asset = random.pick(this.#assets);
    const to = random.pick(world.userAccounts);
    const amount = BigInt(random.int(1, 1_000_000)) * 10n ** BigInt(asset.spec.decimals);
    asset.supply += amount;
    this.#writeMetadata(world, asset);
    this.#move(world, asset, to, amount);
    const call = issuerCall('mint', [
      [{ inner: asset.short }, asset.address],
      addressArg(to),
      [amount.toString(), new BcsWriter().u64(amount).toBytes()],
    ]);
    return { sender: this.#issuer, call, gasUsed: random.int(500, 900), orderless: false };
  }

  /** A holder sends part of its balance of an asset to another user (`primary_fungible_store::transfer`). */
  transfer(world: World, random: Random): UserTxnEffect | undefined {
    if (this.#holders.length === 0) return undefined;
    const { asset, owner } = random.pick(this.#holders);
    const balance = this.#balances.get(`${asset.short}:${owner.short}`) ?? 0n;
    if (balance === 0n) return undefined;
    const to = random.pick(world.userAccounts);
    const amount = balance / BigInt(random.int(2, 10)) + 1n;
    this.#move(world, asset, owner, -amount);
    this.#move(world, asset, to, amount);
    return { sender: owner, call: faTransferCall(asset, to, amount), gasUsed: random.int(40, 90), orderless: false };
  }

  /**
   * A user buys a token of the collection (a new object minted to it), paying its price in APT to the issuer — so the
   * issuer's coin store shows deposits.
   */
  mintToken(world: World, random: Random): UserTxnEffect | undefined {
    const buyer = random.pick(world.userAccounts);
    const price = 1_000_000n;
    if (buyer.balance < price * 10n) return undefined;
    const index = this.#tokens.length + 1;
    const name = `Sample #${index}`;
    const address = namedObjectAddress(this.#issuer.address, `${COLLECTION_NAME}::${name}`);
    const token: Token = { address, short: formatAddress(address), index, name, owner: buyer };
    this.#tokens.push(token);
    world.changeApt(buyer, -price);
    world.withdrawEvent(buyer, price);
    world.changeApt(this.#issuer, price);
    world.depositEvent(this.#issuer, price);
    this.#writeToken(world, token);
    this.#writeCollection(world);
    world.moduleEvent('0x4::collection::MintEvent', { index: String(index), token: token.short });
    const call = issuerCall('mint_token', [addressArg(buyer), [name, new BcsWriter().string(name).toBytes()]]);
    return { sender: buyer, call, gasUsed: random.int(800, 1500), orderless: false };
  }

  /** A token's owner transfers it (`0x1::object::transfer_call`), or gifts it with the receiver co-signing. */
  transferToken(world: World, random: Random): UserTxnEffect | undefined {
    if (this.#tokens.length === 0) return undefined;
    const token = random.pick(this.#tokens);
    const from = token.owner;
    const to = random.pick(world.userAccounts);
    if (to === from) return undefined;
    token.owner = to;
    this.#writeToken(world, token);
    world.moduleEvent(OBJECT_TYPES.transfer, { object: token.short, from: from.short, to: to.short });
    if (random.chance(0.4)) {
      const call = issuerCall('gift_token', [[{ inner: token.short }, token.address]]);
      return { sender: from, call, gasUsed: random.int(30, 60), orderless: false, secondary: [to] };
    }
    const call: EntryCall = {
      function: '0x1::object::transfer_call',
      typeArguments: [],
      arguments: [token.short, to.short],
      argumentBytes: [token.address, to.address],
    };
    return { sender: from, call, gasUsed: random.int(20, 40), orderless: false };
  }
}

/** The issuer's address bytes. */
export const ISSUER = parseAddress(ISSUER_ADDRESS);

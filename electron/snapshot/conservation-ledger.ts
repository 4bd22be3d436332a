/**
 * The running books of `snapshot verify`'s conservation check (verify-conservation.ts): every balance store and
 * supply as of the version being checked, what the version's state rows changed, and what its events and fee say
 * should have changed. Assets are kept by raw identity — `coin:<type>` or `fa:<metadata address>` — and a paired
 * fungible asset (`coin::PairedCoinType`) is counted with its coin, as APT's 0xa is with AptosCoin.
 */
import type { CoinStoreValue, ObjectGroupFacts } from './balance-values.ts';

interface Store {
  readonly owner: string;
  readonly asset: string;
  balance: bigint;
}

const add = (map: Map<string, bigint>, key: string, delta: bigint): void => {
  map.set(key, (map.get(key) ?? 0n) + delta);
};

/** Books of balances and supplies, fed state rows and events version by version. */
export class ConservationLedger {
  readonly #aptAsset: string;
  readonly #problem: (text: string) => void;
  readonly #stores = new Map<string, Store>();
  /** Coin event handle (`address/creation`) → the coin store it belongs to. */
  readonly #handles = new Map<string, string>();
  /** Supply per raw asset; null: recorded but not as an integer this check reads (an aggregator, or none). */
  readonly #supplies = new Map<string, bigint | null>();
  /** Σ balances per raw asset. */
  readonly #sums = new Map<string, bigint>();
  /** Raw fungible asset → the raw coin it is paired with. */
  readonly #pairing = new Map<string, string>();
  /** Raw coin → the raw fungible assets paired with it. */
  readonly #paired = new Map<string, string[]>();
  #inTransactions = false;
  #version = 0;
  readonly #changed = new Map<string, bigint>();
  readonly #expected = new Map<string, bigint>();
  readonly #supplyChanged = new Map<string, bigint>();
  readonly #coinEvents: [string, bigint][] = [];
  #fee: { payer: string; primaryStore: string; amount: bigint } | undefined;
  /** The storage fee refund of the version's fee statement (0 when it has none). */
  refund = 0n;

  /** `aptCoin`: APT's coin type, whose balance changes must sum to minus the fee. */
  constructor(aptCoin: string, problem: (text: string) => void) {
    this.#aptAsset = `coin:${aptCoin}`;
    this.#problem = problem;
  }

  /** Number of balance stores seen. */
  get storeCount(): number {
    return this.#stores.size;
  }

  /** From now on changes are checked per version (before: the state before the oldest retained version). */
  startTransactions(): void {
    this.#inTransactions = true;
  }

  #setBalance(id: string, owner: string, asset: string, balance: bigint): void {
    const store = this.#stores.get(id);
    const before = store?.balance ?? 0n;
    if (store) store.balance = balance;
    else this.#stores.set(id, { owner, asset, balance });
    add(this.#sums, asset, balance - before);
    if (this.#inTransactions && balance !== before) add(this.#changed, id, balance - before);
  }

  #setSupply(asset: string, supply: bigint | null | undefined): void {
    const before = this.#supplies.get(asset);
    if (supply === undefined) this.#supplies.delete(asset);
    else this.#supplies.set(asset, supply);
    if (this.#inTransactions && typeof before === 'bigint' && typeof supply === 'bigint' && supply !== before)
      add(this.#supplyChanged, asset, supply - before);
  }

  /** A `CoinStore<coinType>` of `owner` written (undefined: deleted). */
  coinStore(owner: string, coinType: string, value: CoinStoreValue | undefined): void {
    const id = `coin:${owner}:${coinType}`;
    if (value) {
      this.#handles.set(value.depositHandle, id);
      this.#handles.set(value.withdrawHandle, id);
    }
    this.#setBalance(id, owner, `coin:${coinType}`, value?.balance ?? 0n);
  }

  /** A `CoinInfo<coinType>` written: its integer supply, undefined when it tracks none this check reads. */
  coinSupply(coinType: string, supply: bigint | undefined): void {
    this.#setSupply(`coin:${coinType}`, supply ?? null);
  }

  /** An object's group written (undefined: deleted): a fungible store, a metadata object's supply, a pairing. */
  objectGroup(address: string, facts: ObjectGroupFacts | undefined): void {
    const id = `fa:${address}`;
    const known = this.#stores.get(id);
    if (facts?.store) this.#setBalance(id, facts.store.owner, `fa:${facts.store.metadata}`, facts.store.balance);
    else if (known) this.#setBalance(id, known.owner, known.asset, 0n);
    if (facts?.pairedCoin && !this.#pairing.has(id)) {
      const coin = `coin:${facts.pairedCoin}`;
      this.#pairing.set(id, coin);
      this.#paired.set(coin, [...(this.#paired.get(coin) ?? []), id]);
    }
    if (facts?.supply !== undefined || this.#supplies.has(id)) this.#setSupply(id, facts?.supply);
  }

  /** Starts checking `version`. */
  beginVersion(version: number): void {
    this.#version = version;
    this.refund = 0n;
  }

  /** A coin deposit (positive) or withdrawal (negative) emitted to a coin store's handle. */
  coinEvent(handle: string, amount: bigint): void {
    this.#coinEvents.push([handle, amount]);
  }

  /** A fungible deposit (positive) or withdrawal (negative) naming store object `store`. */
  storeEvent(store: string, amount: bigint): void {
    add(this.#expected, `fa:${store}`, amount);
  }

  /** The transaction's fee, taken from `payer`'s APT: its coin store, else its primary store `primaryStore`. */
  chargeFee(payer: string, primaryStore: string, amount: bigint): void {
    this.#fee = { payer, primaryStore, amount };
  }

  #asset(raw: string): string {
    return this.#pairing.get(raw) ?? raw;
  }

  #assetName(asset: string): string {
    const paired = (this.#paired.get(asset) ?? []).map((fa) => fa.slice(3));
    const name = asset.startsWith('coin:') ? asset.slice(5) : `fungible asset ${asset.slice(3)}`;
    return paired.length > 0 ? `${name} (with fungible asset ${paired.join(', ')})` : name;
  }

  /** Ends the version: compares changes with events and fee (unless `check` is false, for genesis), then forgets. */
  endVersion(check: boolean): void {
    for (const [handle, amount] of this.#coinEvents) {
      const id = this.#handles.get(handle);
      if (id) add(this.#expected, id, amount);
      else if (check) this.#problem(`version ${this.#version}: a coin event names handle ${handle}, of no coin store`);
    }
    let fee = 0n;
    if (this.#fee) {
      fee = this.#fee.amount;
      const coinStore = `coin:${this.#fee.payer}:${this.#aptAsset.slice(5)}`;
      add(this.#expected, this.#stores.has(coinStore) ? coinStore : `fa:${this.#fee.primaryStore}`, -fee);
    }
    if (check) this.#compare(fee);
    this.#changed.clear();
    this.#expected.clear();
    this.#supplyChanged.clear();
    this.#coinEvents.length = 0;
    this.#fee = undefined;
  }

  #compare(fee: bigint): void {
    const at = `version ${this.#version}`;
    const totals = new Map<string, bigint>();
    for (const id of new Set([...this.#changed.keys(), ...this.#expected.keys()])) {
      const changed = this.#changed.get(id) ?? 0n;
      const expected = this.#expected.get(id) ?? 0n;
      const store = this.#stores.get(id);
      const asset = this.#asset(store?.asset ?? id);
      add(totals, asset, changed);
      const which = id.startsWith('fa:') ? `of store ${id.slice(3)} ` : '';
      if (changed !== expected)
        this.#problem(
          `${at}: account ${store?.owner ?? '?'}, asset ${this.#assetName(asset)}: balance ${which}` +
            `changed by ${changed}, its events and fee say ${expected}`,
        );
    }
    const supplies = new Map<string, bigint>();
    for (const [raw, delta] of this.#supplyChanged) add(supplies, this.#asset(raw), delta);
    if (fee !== 0n || totals.has(this.#aptAsset)) {
      const total = totals.get(this.#aptAsset) ?? 0n;
      if (total !== -fee)
        this.#problem(
          `${at}: asset ${this.#assetName(this.#aptAsset)}: balances changed by ${total} in all, ` +
            `but the fee of ${fee} must be burned (${-fee})`,
        );
    }
    for (const asset of new Set([...totals.keys(), ...supplies.keys()])) {
      if (!this.#tracked(asset)) continue;
      const total = totals.get(asset) ?? 0n;
      const supply = supplies.get(asset) ?? 0n;
      if (total !== supply)
        this.#problem(
          `${at}: asset ${this.#assetName(asset)}: supply changed by ${supply}, balances by ${total} in all`,
        );
    }
  }

  /** Whether every raw part of `asset` (the coin and the fungible assets paired with it) records an integer supply. */
  #tracked(asset: string): boolean {
    let any = false;
    for (const raw of [asset, ...(this.#paired.get(asset) ?? [])]) {
      if (!this.#sums.has(raw) && !this.#supplies.has(raw)) continue;
      if (typeof this.#supplies.get(raw) !== 'bigint') return false;
      any = true;
    }
    return any;
  }

  /** Checks supply = Σ balances for every asset whose supply is tracked, as of `at`. */
  checkTotals(at: string): void {
    const assets = new Set([...this.#supplies.keys()].map((raw) => this.#asset(raw)));
    for (const asset of assets) {
      if (!this.#tracked(asset)) continue;
      let sum = 0n;
      let supply = 0n;
      for (const raw of [asset, ...(this.#paired.get(asset) ?? [])]) {
        sum += this.#sums.get(raw) ?? 0n;
        const recorded = this.#supplies.get(raw);
        if (typeof recorded === 'bigint') supply += recorded;
      }
      if (sum !== supply)
        this.#problem(
          `${at}: asset ${this.#assetName(asset)}: supply ${supply} differs from the sum of balances ${sum}`,
        );
    }
  }
}

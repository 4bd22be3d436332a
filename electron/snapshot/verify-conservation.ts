/**
 * `snapshot verify`'s conservation check (docs/snapshot-format.md, "Invariants"): over the retained versions, each
 * transaction's balance changes match its events and fee, and every asset's supply equals the sum of its balances.
 *
 * - Per store (a `CoinStore<T>` of an account, or a fungible store object) and version: the balance changes by the
 *   deposits less the withdrawals its events report (coin `DepositEvent`/`WithdrawEvent` on the store's handles,
 *   fungible `Deposit`/`Withdraw` naming the store), less the fee where it is the store the fee is taken from (the fee
 *   payer's, else the sender's: its APT `CoinStore`, else its primary APT store).
 * - Per asset and version: the sum of the balance changes equals the change of supply (mints and burns), and for APT
 *   it is minus the fee (burned: the fee leaves every balance and the supply).
 * - At the oldest retained version, at every block's end and at the latest version: supply = sum of balances, per
 *   asset whose supply is tracked (coin `CoinInfo<T>` integer supply plus its paired fungible asset's supply).
 *
 * APT is one asset in two forms: `0x1::aptos_coin::AptosCoin` and the metadata object paired with it (0xa).
 */
import type Database from 'better-sqlite3';
import { formatAddress, parseAddress } from '../../shared/address.ts';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import {
  BALANCE_KEY_SQL,
  balanceKey,
  coinInfoSupply,
  coinStoreValue,
  handleKey,
  objectGroupFacts,
  type BalanceKey,
} from './balance-values.ts';
import { createHash } from 'node:crypto';
import { ConservationLedger } from './conservation-ledger.ts';
import { NO_PROGRESS, type Progress } from './progress.ts';

const APT_COIN = '0x1::aptos_coin::AptosCoin';
const APT_METADATA = parseAddress('0xa');
/** The derived-object scheme byte (`object::create_user_derived_object_address`). */
const DERIVED_SCHEME = Uint8Array.of(0xfc);
const CHUNK_VERSIONS = 5_000;

const EVENT_TYPES = {
  coinDeposit: '0x1::coin::DepositEvent',
  coinWithdraw: '0x1::coin::WithdrawEvent',
  faDeposit: '0x1::fungible_asset::Deposit',
  faWithdraw: '0x1::fungible_asset::Withdraw',
  feeStatement: '0x1::transaction_fee::FeeStatement',
} as const;

interface StateRow {
  readonly state_key: Uint8Array;
  readonly version: number;
  readonly value: Uint8Array | null;
}

interface TxnRow {
  readonly version: number;
  readonly kind: string;
  readonly sender: Uint8Array | null;
  readonly gas_used: number;
  readonly gas_unit_price: number;
  readonly fee_payer: Uint8Array | null;
}

interface EventRow {
  readonly version: number;
  readonly address: Uint8Array | null;
  readonly creation_number: number | null;
  readonly type_tag: string;
  readonly data: Uint8Array;
}

/** Checks conservation over the retained versions of a generated (not captured) v2 snapshot; returns figures. */
export function verifyConservation(
  db: Database.Database,
  oldestVersion: bigint,
  latestVersion: bigint,
  problem: (text: string) => void,
  progress: Progress = NO_PROGRESS,
): Record<string, number> {
  const keys = new Map<string, BalanceKey>();
  const classify = (stateKey: Uint8Array): BalanceKey => {
    const id = Buffer.from(stateKey.buffer, stateKey.byteOffset, stateKey.byteLength).toString('latin1');
    let key = keys.get(id);
    if (!key) {
      key = balanceKey(stateKey);
      keys.set(id, key);
    }
    return key;
  };
  const ledger = new ConservationLedger(APT_COIN, problem);
  // A value that does not decode is named by the checks that read values (snapshot-verify.ts); here it only means
  // this version's balances cannot be followed, said once, instead of ending the whole verification.
  const undecodable = (version: number, read: () => void): void => {
    try {
      read();
    } catch (error) {
      problem(`version ${version}: conservation not checked: ${(error as Error).message}`);
    }
  };
  const apply = (row: StateRow): void => {
    // A key or value that is not a BLOB is reported by the format check.
    if (!(row.state_key instanceof Uint8Array) || (row.value !== null && !(row.value instanceof Uint8Array))) return;
    const key = classify(row.state_key);
    try {
      switch (key.kind) {
        case 'coin_store':
          ledger.coinStore(key.owner, key.coinType, row.value ? coinStoreValue(row.value) : undefined);
          break;
        case 'coin_info':
          ledger.coinSupply(key.coinType, row.value ? coinInfoSupply(row.value) : undefined);
          break;
        case 'object_group':
          ledger.objectGroup(key.address, row.value ? objectGroupFacts(row.value) : undefined);
          break;
        case 'other':
          break;
      }
    } catch (error) {
      problem(`version ${row.version}: balance or supply at ${stateKeyText(key)} does not decode (${String(error)})`);
    }
  };

  const oldest = Number(oldestVersion);
  const latest = Number(latestVersion);
  progress.phase('verifying: conservation of balances', latest - oldest + 1, 'versions');
  // The state as of oldest − 1: each key's newest value before the oldest retained version (what pruning keeps).
  for (const row of db
    .prepare(
      `SELECT state_key, version, value FROM state_values WHERE version < ? AND ${BALANCE_KEY_SQL} ORDER BY version`,
    )
    .all(oldest) as StateRow[])
    apply(row);
  ledger.startTransactions();
  ledger.checkTotals(oldest - 1 < 0 ? 'before version 0' : `version ${oldest - 1}`);

  const stateRows = db.prepare(
    `SELECT state_key, version, value FROM state_values INDEXED BY state_values_by_version
     WHERE version BETWEEN ? AND ? AND ${BALANCE_KEY_SQL} ORDER BY version`,
  );
  const txns = db.prepare(
    `SELECT t.version, t.kind, t.sender, t.gas_used, t.gas_unit_price, d.fee_payer FROM transactions t
     LEFT JOIN transaction_details d ON d.version = t.version WHERE t.version BETWEEN ? AND ? ORDER BY t.version`,
  );
  const types = Object.values(EVENT_TYPES)
    .map((type) => `'${type}'`)
    .join(', ');
  const events = db.prepare(
    `SELECT version, address, creation_number, type_tag, data FROM events INDEXED BY events_by_version
     WHERE version BETWEEN :lo AND :hi AND type_tag IN (${types})
     UNION ALL SELECT version, NULL, NULL, type_tag, data FROM module_events
     WHERE version BETWEEN :lo AND :hi AND type_tag IN (${types}) ORDER BY version`,
  );
  // A payer's primary APT store: sha3-256(owner ‖ 0xa ‖ 0xFC), as primary_fungible_store.move derives it.
  const primaryStores = new Map<string, string>();
  const primaryStore = (owner: string): string => {
    let store = primaryStores.get(owner);
    if (store === undefined) {
      const digest = createHash('sha3-256').update(parseAddress(owner)).update(APT_METADATA).update(DERIVED_SCHEME);
      store = formatAddress(digest.digest());
      primaryStores.set(owner, store);
    }
    return store;
  };
  let transactions = 0;
  for (let lo = Math.max(0, oldest); lo <= latest; lo += CHUNK_VERSIONS) {
    const hi = Math.min(latest, lo + CHUNK_VERSIONS - 1);
    const rows = stateRows.all(lo, hi) as StateRow[];
    const eventRows = events.all({ lo, hi }) as EventRow[];
    let r = 0;
    let e = 0;
    for (const txn of txns.all(lo, hi) as TxnRow[]) {
      transactions += 1;
      if (transactions % 256 === 0) progress.update(transactions);
      const at = txn.version;
      ledger.beginVersion(at);
      for (; e < eventRows.length && (eventRows[e]?.version ?? Infinity) <= at; e += 1) {
        const event = eventRows[e];
        if (event && event.version === at) undecodable(at, () => noteEvent(ledger, event));
      }
      for (; r < rows.length && (rows[r]?.version ?? Infinity) <= at; r += 1) {
        const row = rows[r];
        if (row && row.version === at) undecodable(at, () => apply(row));
      }
      if (txn.kind === 'user' && txn.sender) {
        const payer = formatAddress(txn.fee_payer ?? txn.sender);
        const fee = BigInt(txn.gas_used) * BigInt(txn.gas_unit_price) - ledger.refund;
        ledger.chargeFee(payer, primaryStore(payer), fee);
      }
      ledger.endVersion(txn.kind !== 'genesis');
      if (txn.kind === 'block_epilogue' || txn.kind === 'state_checkpoint' || at === latest)
        ledger.checkTotals(`version ${at}`);
    }
  }
  progress.update(transactions);
  return { conservationVersions: transactions, balanceStores: ledger.storeCount };
}

function noteEvent(ledger: ConservationLedger, event: EventRow): void {
  const r = new BcsReader(event.data);
  switch (event.type_tag) {
    case EVENT_TYPES.coinDeposit:
    case EVENT_TYPES.coinWithdraw:
      if (event.address === null || event.creation_number === null) return;
      ledger.coinEvent(
        handleKey(formatAddress(event.address), event.creation_number),
        event.type_tag === EVENT_TYPES.coinDeposit ? r.u64() : -r.u64(),
      );
      return;
    case EVENT_TYPES.faDeposit:
    case EVENT_TYPES.faWithdraw: {
      const store = formatAddress(r.address());
      ledger.storeEvent(store, event.type_tag === EVENT_TYPES.faDeposit ? r.u64() : -r.u64());
      return;
    }
    case EVENT_TYPES.feeStatement:
      // total_charge_gas_units, execution_gas_units, io_gas_units, storage_fee_octas, storage_fee_refund_octas
      for (let i = 0; i < 4; i += 1) r.u64();
      ledger.refund = r.u64();
      return;
    default:
      return;
  }
}

function stateKeyText(key: BalanceKey): string {
  switch (key.kind) {
    case 'coin_store':
      return `${key.owner}'s CoinStore<${key.coinType}>`;
    case 'coin_info':
      return `CoinInfo<${key.coinType}>`;
    case 'object_group':
      return `object ${key.address}`;
    case 'other':
      return 'a state key';
  }
}

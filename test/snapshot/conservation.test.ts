/**
 * Conservation in generated snapshots and `snapshot verify`'s proof of it (electron/snapshot/verify-conservation.ts):
 * the generated `small` fixture verifies clean — every balance change matched by its events and fee, fees burned,
 * supply = Σ balances — and each defect planted into a copy of it is named in one line with its version, account and
 * asset: a fee-payer transaction's sender not debited, a supply that differs from the sum of balances, an event
 * without its balance change, a fee taken but not burned.
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAddress, parseAddress } from '../../shared/address.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { verifySnapshot, type VerifyReport } from '../../electron/snapshot/snapshot-verify.ts';
import { resourceGroupStateKey, resourceStateKey } from '../../electron/snapshot/state-keys.ts';
import { primaryStoreAddress } from '../../electron/snapshot/generator/fungible-assets.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useEditedCopies } from './edited-copies.ts';

const APT = '0x1::aptos_coin::AptosCoin';
const APT_NAME = `${APT} (with fungible asset 0xa)`;
const COIN_STORE = parseStructTag(`0x1::coin::CoinStore<${APT}>`);
const COIN_INFO_KEY = resourceStateKey(parseAddress('0x1'), parseStructTag(`0x1::coin::CoinInfo<${APT}>`));
const OBJECT_GROUP = parseStructTag('0x1::object::ObjectGroup');
const APT_METADATA = parseAddress('0xa');

const { editedCopy } = useEditedCopies('conservation-');
let store: SnapshotStore;
let oldest: number;

beforeAll(() => {
  store = SnapshotStore.open(fixturePath('small'));
  oldest = Number(store.meta.oldestVersion);
});
afterAll(() => store.close());

function verifyCopy(edit: (db: Database.Database) => void): VerifyReport {
  const copy = SnapshotStore.open(editedCopy(edit, fixturePath('small')));
  try {
    return verifySnapshot(copy);
  } finally {
    copy.close();
  }
}

/** Whether `account` holds its APT in a `CoinStore` as of `version` (else in its primary fungible store). */
function aptStoreKey(account: Uint8Array, version: number): Uint8Array {
  const coinKey = resourceStateKey(account, COIN_STORE);
  const coin = store.database
    .prepare('SELECT 1 FROM state_values WHERE state_key = ? AND version <= ? AND value IS NOT NULL LIMIT 1')
    .get(coinKey, version);
  return coin ? coinKey : resourceGroupStateKey(primaryStoreAddress(account, APT_METADATA), OBJECT_GROUP);
}

interface UserTxn {
  readonly version: number;
  readonly sender: Uint8Array;
  readonly fee_payer: Uint8Array | null;
  readonly fee: number;
}

/** Retained user transactions that `where` selects (over `transactions t` joined to `transaction_details d`). */
function userTxns(where: string): UserTxn[] {
  return store.database
    .prepare(
      `SELECT t.version, t.sender, d.fee_payer, t.gas_used * t.gas_unit_price AS fee FROM transactions t
       JOIN transaction_details d ON d.version = t.version
       WHERE t.kind = 'user' AND t.success = 1 AND t.version > ? AND ${where} ORDER BY t.version`,
    )
    .all(oldest) as UserTxn[];
}

const problemsAt = (report: VerifyReport, version: number): string[] =>
  report.problems.filter((line) => line.startsWith(`version ${version}: `));

describe('conservation in a generated snapshot', () => {
  it('verifies clean: balances follow events and fees, fees are burned, supply = Σ balances', () => {
    const report = verifySnapshot(store);
    expect(report.problems).toEqual([]);
    expect(report.checked.conservationVersions).toBe(Number(store.meta.latestVersion) - oldest + 1);
    expect(report.checked.balanceStores).toBeGreaterThan(40);
  });

  it('debits the sender of a fee-payer transfer by the amount and the fee payer by the fee', () => {
    const transfers = userTxns(
      "d.fee_payer IS NOT NULL AND t.entry_function IN ('0x1::aptos_account::transfer', '0x1::coin::transfer')",
    );
    expect(transfers.length).toBeGreaterThan(0);
    for (const txn of transfers) {
      for (const account of [txn.sender, txn.fee_payer!]) {
        const written = store.database
          .prepare('SELECT 1 FROM state_values WHERE state_key = ? AND version = ?')
          .get(aptStoreKey(account, txn.version), txn.version);
        expect(written, `version ${txn.version}: ${formatAddress(account)}'s APT store`).toBeDefined();
      }
    }
  });
});

describe('snapshot verify names each planted conservation defect', () => {
  it('a fee-payer transaction whose sender is not debited', () => {
    const [txn] = userTxns(
      "d.fee_payer IS NOT NULL AND t.entry_function IN ('0x1::aptos_account::transfer', '0x1::coin::transfer')",
    );
    if (!txn) throw new Error('the fixture has no fee-payer transfer');
    const report = verifyCopy((db) =>
      db
        .prepare('DELETE FROM state_values WHERE state_key = ? AND version = ?')
        .run(aptStoreKey(txn.sender, txn.version), txn.version),
    );
    const lines = problemsAt(report, txn.version);
    expect(lines.some((line) => line.includes(`account ${formatAddress(txn.sender)}, asset ${APT_NAME}`))).toBe(true);
    expect(lines.join('\n')).toMatch(/balance (of store 0x[0-9a-f]+ )?changed by 0, its events and fee say -\d+/);
  });

  it('a supply that differs from the sum of balances', () => {
    const report = verifyCopy((db) => {
      // Genesis mints 1 octa more than the accounts hold: CoinInfo's value field is the u128 after its option tags.
      const row = db
        .prepare('SELECT version, value FROM state_values WHERE state_key = ? AND version < ? ORDER BY version DESC')
        .get(COIN_INFO_KEY, oldest) as { version: number; value: Buffer };
      const value = Buffer.from(row.value);
      const at = value.length - 32;
      value.writeBigUInt64LE(value.readBigUInt64LE(at) + 1n, at);
      db.prepare('UPDATE state_values SET value = ? WHERE state_key = ? AND version = ?').run(
        value,
        COIN_INFO_KEY,
        row.version,
      );
    });
    expect(report.problems).toContainEqual(
      expect.stringMatching(
        new RegExp(`^version ${oldest - 1}: asset ${escape(APT_NAME)}: supply (\\d+) differs from the sum of balances`),
      ),
    );
    const line = report.problems.find((text) => text.startsWith(`version ${oldest - 1}: `)) ?? '';
    const [, supply, sum] = /supply (\d+) differs from the sum of balances (\d+)/.exec(line) ?? [];
    expect(BigInt(supply ?? 0) - BigInt(sum ?? 0)).toBe(1n);
  });

  it('an event without its balance change', () => {
    const [txn] = userTxns("t.entry_function = '0x1::object::transfer_call'");
    if (!txn) throw new Error('the fixture has no token transfer');
    // An account holding its APT in a primary fungible store: a deposit to that store that never lands.
    const primaryKey = (address: Uint8Array): Uint8Array =>
      resourceGroupStateKey(primaryStoreAddress(address, APT_METADATA), OBJECT_GROUP);
    const owner = (store.database.prepare('SELECT address FROM accounts').pluck().all() as Uint8Array[]).find(
      (address) =>
        store.database
          .prepare('SELECT 1 FROM state_values WHERE state_key = ? AND version < ? AND value IS NOT NULL')
          .get(primaryKey(address), txn.version) !== undefined,
    );
    if (!owner) throw new Error('the fixture has no account holding fungible APT');
    const primary = primaryStoreAddress(owner, APT_METADATA);
    const report = verifyCopy((db) => {
      const { n } = db.prepare('SELECT count(*) AS n FROM module_events WHERE version = ?').get(txn.version) as {
        n: number;
      };
      db.prepare('INSERT INTO module_events (version, event_index, type_tag, data) VALUES (?, ?, ?, ?)').run(
        txn.version,
        n,
        '0x1::fungible_asset::Deposit',
        new BcsWriter().address(primary).u64(12_345n).toBytes(),
      );
    });
    expect(problemsAt(report, txn.version)).toContainEqual(
      `version ${txn.version}: account ${formatAddress(owner)}, asset ${APT_NAME}: balance of store ` +
        `${formatAddress(primary)} changed by 0, its events and fee say 12345`,
    );
  });

  it('a fee taken from its payer but not burned', () => {
    // A key rotation paid by its sender from a CoinStore: the fee is its only APT change.
    const txn = userTxns(
      "d.fee_payer IS NULL AND t.entry_function = '0x1::account::rotate_authentication_key_call'",
    ).find(
      (candidate) =>
        Buffer.compare(
          aptStoreKey(candidate.sender, candidate.version),
          resourceStateKey(candidate.sender, COIN_STORE),
        ) === 0,
    );
    if (!txn) throw new Error('the fixture has no key rotation paid from a CoinStore');
    const report = verifyCopy((db) =>
      db
        .prepare(
          `UPDATE state_values SET value = (SELECT value FROM state_values WHERE state_key = :key
             AND version < :version ORDER BY version DESC LIMIT 1) WHERE state_key = :key AND version = :version`,
        )
        .run({ key: COIN_INFO_KEY, version: txn.version }),
    );
    expect(problemsAt(report, txn.version)).toContainEqual(
      `version ${txn.version}: asset ${APT_NAME}: supply changed by 0, balances by -${txn.fee} in all`,
    );
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

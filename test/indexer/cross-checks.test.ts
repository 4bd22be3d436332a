/**
 * The indexer tables of the main fixture cross-checked in SQL against the state and the transactions they were
 * derived from: activities sum to balance changes, account_transactions holds every version that touched an
 * account, and the current balances as of V are the balances at V (the balance endpoint's logic,
 * electron/service/view/balances.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatAddressLong, parseAddress } from '../../shared/address.ts';
import { primaryStoreAddress } from '../../shared/object-address.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import { coinBalance, faBalance, storeBalance } from '../../electron/service/view/balances.ts';
import { accountKeyPrefix, prefixUpperBound } from '../../electron/snapshot/state-keys.ts';
import { useMainFixture } from './indexer-fixture.ts';

const { store, state } = useMainFixture();
const db = store.database;
const APT = '0x1::aptos_coin::AptosCoin';
const APT_FA = formatAddressLong(parseAddress('0xa'));
const oldest = store.meta.oldestVersion;
const latest = store.meta.latestVersion;
const middle = (oldest + latest) / 2n;

/** The owners with the most activity rows, and fee payers (their gas is filed under the sender). */
const owners = (
  db
    .prepare(
      `SELECT owner_address FROM ix_fungible_asset_activities WHERE is_gas_fee = 0 AND owner_address IS NOT NULL
       GROUP BY owner_address
       ORDER BY count(*) DESC, owner_address LIMIT 12`,
    )
    .pluck()
    .all() as string[]
).concat(
  db
    .prepare(
      `SELECT DISTINCT gas_fee_payer_address FROM ix_fungible_asset_activities
       WHERE gas_fee_payer_address IS NOT NULL ORDER BY 1 LIMIT 4`,
    )
    .pluck()
    .all() as string[],
);

/** Σ of an owner's signed activities of `assetTypes` in (from, to]; gas rows count for whoever paid. */
function activitySum(owner: string, assetTypes: readonly string[], from: bigint, to: bigint, gas: boolean): bigint {
  const marks = assetTypes.map(() => '?').join(', ');
  const sum = db
    .prepare(
      `SELECT COALESCE(SUM(CASE WHEN type LIKE '%Deposit%' THEN CAST(amount AS INTEGER)
                                ELSE -CAST(amount AS INTEGER) END), 0)
       FROM ix_fungible_asset_activities
       WHERE transaction_version > ? AND transaction_version <= ? AND amount IS NOT NULL
         AND ((is_gas_fee = 0 AND owner_address = ? AND asset_type IN (${marks}))
           OR (is_gas_fee = 1 AND ? AND COALESCE(gas_fee_payer_address, owner_address) = ?))`,
    )
    .pluck()
    .safeIntegers()
    .get(from, to, owner, ...assetTypes, gas ? 1 : 0, owner) as bigint;
  return sum;
}

describe('indexer tables against the state they were derived from', () => {
  it('has owners to check', () => {
    expect(owners.length).toBeGreaterThanOrEqual(12);
  });

  it('sums an owner’s APT activities between two versions to the change of its balance', () => {
    const apt = parseStructTag(APT);
    for (const owner of owners) {
      const address = parseAddress(owner);
      for (const [from, to] of [
        [oldest, middle],
        [middle, latest],
        [oldest, latest],
      ] as const) {
        const change = coinBalance(state.reader, address, apt, to) - coinBalance(state.reader, address, apt, from);
        expect({ owner, from, to, sum: activitySum(owner, [APT, APT_FA], from, to, true) }).toEqual({
          owner,
          from,
          to,
          sum: change,
        });
      }
    }
  });

  it('sums an owner’s fungible-asset activities to the change of its primary store', () => {
    const assets = db
      .prepare(
        `SELECT DISTINCT asset_type FROM ix_fungible_asset_activities WHERE token_standard = 'v2' AND asset_type != ?`,
      )
      .pluck()
      .all(APT_FA) as string[];
    expect(assets.length).toBeGreaterThan(0);
    let checked = 0;
    for (const asset of assets) {
      const holders = db
        .prepare(
          'SELECT DISTINCT owner_address FROM ix_fungible_asset_activities WHERE asset_type = ? ORDER BY 1 LIMIT 6',
        )
        .pluck()
        .all(asset) as string[];
      for (const owner of holders) {
        const change =
          faBalance(state.reader, parseAddress(owner), parseAddress(asset), latest) -
          faBalance(state.reader, parseAddress(owner), parseAddress(asset), oldest);
        expect(activitySum(owner, [asset], oldest, latest, false)).toBe(change);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('lists in account_transactions every retained version whose events or writes touch the account', () => {
    for (const owner of owners) {
      const address = parseAddress(owner);
      const listed = new Set(
        (
          db
            .prepare('SELECT transaction_version FROM ix_account_transactions WHERE account_address = ?')
            .pluck()
            .all(owner) as number[]
        ).map(Number),
      );
      const touching = new Set<number>([
        ...(db
          .prepare('SELECT version FROM events WHERE address = ? AND version >= ?')
          .pluck()
          .all(address, oldest) as number[]),
        ...(db
          .prepare('SELECT version FROM state_values WHERE state_key >= ? AND state_key < ? AND version >= ?')
          .pluck()
          .all(accountKeyPrefix(address), prefixUpperBound(accountKeyPrefix(address)), oldest) as number[]),
        // The owner's primary APT store is an object it owns: its writes touch the owner too.
        ...(db
          .prepare('SELECT version FROM state_values WHERE state_key >= ? AND state_key < ? AND version >= ?')
          .pluck()
          .all(
            accountKeyPrefix(primaryStoreAddress(address, parseAddress('0xa'))),
            prefixUpperBound(accountKeyPrefix(primaryStoreAddress(address, parseAddress('0xa')))),
            oldest,
          ) as number[]),
      ]);
      expect(touching.size).toBeGreaterThan(0);
      const missing = [...touching].filter((version) => !listed.has(version));
      expect({ owner, missing }).toEqual({ owner, missing: [] });
    }
  });

  it('answers current_fungible_asset_balances as of V with the balances at V', () => {
    const asOf = db.prepare(
      `SELECT storage_id, asset_type, amount, is_primary, owner_address FROM ix_current_fungible_asset_balances
       WHERE owner_address = @owner AND last_transaction_version <= @version
         AND (_valid_to IS NULL OR _valid_to > @version)`,
    );
    let rows = 0;
    for (const version of [oldest, middle, latest]) {
      for (const owner of owners) {
        const address = parseAddress(owner);
        const held = asOf.all({ owner, version }) as {
          storage_id: string;
          asset_type: string;
          amount: string;
          is_primary: number;
        }[];
        for (const row of held) {
          const expected = row.asset_type.includes('::')
            ? coinBalance(state.reader, address, parseStructTag(row.asset_type), version)
            : storeBalance(state.reader, parseAddress(row.storage_id), version);
          expect({ owner, version, asset: row.asset_type, amount: row.amount }).toEqual({
            owner,
            version,
            asset: row.asset_type,
            amount: expected.toString(),
          });
          rows += 1;
        }
        // Conversely: an APT balance at V has its row.
        if (coinBalance(state.reader, address, parseStructTag(APT), version) > 0n)
          expect(held.some((row) => row.asset_type === APT)).toBe(true);
      }
    }
    expect(rows).toBeGreaterThan(owners.length);
  });
});

/**
 * A snapshot where one account holds APT in both places, which the generated fixtures never do (each generated
 * account keeps its APT either in a `CoinStore<AptosCoin>` or in its primary store): a copy of the `main` fixture
 * with, at the latest version, a primary fungible store of APT (`0xa`) added for a sender that has a coin store —
 * an ObjectGroup holding `ObjectCore` (owner: the sender) and `FungibleStore` (metadata `0xa`), BCS-encoded as the
 * framework lays them out, written under the node's state key. The read service then sums both, as a node does.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { parseAddress } from '../../../shared/address.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { primaryStoreAddress } from '../../../shared/object-address.ts';
import { encodeResourceGroup } from '../../../shared/resource-group.ts';
import { parseStructTag } from '../../../shared/type-tag.ts';
import { resourceGroupStateKey } from '../../../electron/snapshot/state-keys.ts';
import { fixturePath } from '../../support/fixture-path.ts';

/** The edited copy: its path, the account holding both, and the primary store's balance added. */
export interface AptBothFixture {
  readonly path: string;
  readonly account: string;
  readonly storeBalance: bigint;
}

/** Writes the copy into `dir` for `account` (which must have a coin store of APT and no primary store). */
export function writeAptBothFixture(dir: string, account: string, storeBalance: bigint): AptBothFixture {
  const path = join(dir, 'apt-both.db');
  copyFileSync(fixturePath('main'), path);
  const owner = parseAddress(account);
  const apt = parseAddress('0xa');
  const store = primaryStoreAddress(owner, apt);
  const objectCore = new BcsWriter()
    .u64(0x4000000000000n) // guid_creation_num of a derived object
    .address(owner)
    .bool(false) // allow_ungated_transfer: primary stores are untransferable
    .u64(0n) // transfer_events.counter
    .u64(0x4000000000000n) // transfer_events.guid.id.creation_num
    .address(store)
    .toBytes();
  const fungibleStore = new BcsWriter().address(apt).u64(storeBalance).bool(false).toBytes();
  const group = encodeResourceGroup([
    { tag: parseStructTag('0x1::object::ObjectCore'), bytes: objectCore },
    { tag: parseStructTag('0x1::fungible_asset::FungibleStore'), bytes: fungibleStore },
  ]);
  const db = new Database(path);
  try {
    const latest = Number(db.prepare(`SELECT value FROM meta WHERE key = 'latest_version'`).pluck().get());
    const key = resourceGroupStateKey(store, parseStructTag('0x1::object::ObjectGroup'));
    db.prepare('INSERT INTO state_values (state_key, version, value) VALUES (?, ?, ?)').run(key, latest, group);
  } finally {
    db.close();
  }
  return { path, account, storeBalance };
}

/**
 * The samples `snapshot info --json` lists from a format v2 file: one transaction of each notable shape (user,
 * failed, orderless, fee-payer, multi-agent), blocks, objects (accounts holding an `ObjectGroup`), fungible assets
 * (objects holding `0x1::fungible_asset::Metadata`) and module events. A v1 file has none of these (empty lists).
 */
import { bytesToHex } from '../../shared/hex.ts';
import { formatStructTag } from '../../shared/type-tag.ts';
import { decodeResourceGroup } from '../../shared/resource-group.ts';
import type { SnapshotStore } from './snapshot-store.ts';
import { decodeStateKey } from './state-keys.ts';

/** A sampled transaction: its version and hash. */
export interface TransactionSample {
  readonly version: string;
  readonly hash: string;
}

/** The v2 samples of `snapshot info --json`. */
export interface TransactionSamples {
  /** One of each kind of user transaction, when the file has one (null otherwise). */
  readonly transactions: {
    readonly user: TransactionSample | null;
    readonly failed: TransactionSample | null;
    readonly orderless: TransactionSample | null;
    readonly feePayer: TransactionSample | null;
    readonly multiAgent: TransactionSample | null;
  };
  readonly blocks: readonly { readonly height: string; readonly firstVersion: string; readonly lastVersion: string }[];
  readonly objects: readonly string[];
  readonly fungibleAssets: readonly string[];
  readonly moduleEvents: readonly { readonly version: string; readonly index: number; readonly type: string }[];
}

const FA_METADATA = '0x1::fungible_asset::Metadata';
/** How many group keys to look through for fungible assets (bounded: info must stay quick on large files). */
const GROUP_SCAN = 5_000;

/** Collects the v2 samples of an open snapshot (empty for a v1 file). */
export function transactionSamples(store: SnapshotStore, sampleSize: number): TransactionSamples {
  const db = store.database;
  const v2 = store.meta.formatVersion >= 2;
  const oldest = Number(store.meta.oldestVersion);
  const pick = (where: string): TransactionSample | null => {
    if (!v2) return null;
    const row = db
      .prepare(
        `SELECT t.version, t.hash FROM transactions t JOIN transaction_details d ON d.version = t.version
         WHERE t.kind = 'user' AND t.version >= ? AND ${where} ORDER BY t.version LIMIT 1`,
      )
      .get(oldest) as { version: number; hash: Uint8Array } | undefined;
    return row ? { version: String(row.version), hash: bytesToHex(row.hash) } : null;
  };
  const blocks = (
    db
      .prepare(
        'SELECT height, first_version, last_version FROM blocks WHERE first_version >= ? ORDER BY height LIMIT ?',
      )
      .all(oldest, sampleSize) as { height: number; first_version: number; last_version: number }[]
  ).map((row) => ({
    height: String(row.height),
    firstVersion: String(row.first_version),
    lastVersion: String(row.last_version),
  }));
  const objects: string[] = [];
  const fungibleAssets: string[] = [];
  if (v2) {
    const groupKeys = db
      .prepare(
        `SELECT DISTINCT state_key FROM state_values WHERE substr(state_key, 1, 1) = x'00' AND
          substr(state_key, 35, 1) = x'02'
         ORDER BY state_key LIMIT ?`,
      )
      .pluck()
      .all(GROUP_SCAN) as Uint8Array[];
    for (const key of groupKeys) {
      const value = store.stateValue(key, store.meta.latestVersion);
      if (!value) continue;
      const address = decodeStateKey(key);
      if (address.kind !== 'resource_group') continue;
      if (objects.length < sampleSize) objects.push(address.address);
      const members = decodeResourceGroup(value).map((member) => formatStructTag(member.tag));
      if (fungibleAssets.length < sampleSize && members.includes(FA_METADATA)) fungibleAssets.push(address.address);
    }
  }
  const moduleEvents = v2
    ? (
        db
          .prepare(
            `SELECT version, event_index, type_tag FROM module_events WHERE version >= ?
             GROUP BY type_tag ORDER BY type_tag LIMIT ?`,
          )
          .all(oldest, 20) as { version: number; event_index: number; type_tag: string }[]
      ).map((row) => ({ version: String(row.version), index: row.event_index, type: row.type_tag }))
    : [];
  return {
    transactions: {
      user: pick(`t.success = 1 AND t.sequence_number IS NOT NULL AND d.signature_kind = 'ed25519_signature'`),
      failed: pick('t.success = 0'),
      orderless: pick('t.nonce IS NOT NULL'),
      feePayer: pick(`d.signature_kind = 'fee_payer_signature'`),
      multiAgent: pick(`d.signature_kind = 'multi_agent_signature'`),
    },
    blocks,
    objects,
    fungibleAssets,
    moduleEvents,
  };
}

/**
 * Format v2 over the generated `small` fixture: every transaction kind with its details, the store's transaction
 * reads (by version, by hash, write set, events) against the file's own rows, the modern world (APT's metadata
 * object and primary fungible stores as resource groups, module events, fee-payer, orderless and failed
 * transactions, package registries), `snapshot verify` catching a write set that disagrees with its state rows, and
 * a v1 file still answering with what it has.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAddress, parseAddress } from '../../shared/address.ts';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { decodeMoveValue } from '../../shared/move/decode.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import { formatStructTag, parseStructTag, parseTypeTag } from '../../shared/type-tag.ts';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import type { StoredTransaction } from '../../electron/snapshot/ledger-store.ts';
import { decodeResourceGroup } from '../../shared/resource-group.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { verifySnapshot } from '../../electron/snapshot/snapshot-verify.ts';
import { BALANCE_KEY_SQL } from '../../electron/snapshot/balance-values.ts';
import { snapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { resourceGroupStateKey, resourceStateKey } from '../../electron/snapshot/state-keys.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useEditedCopies } from './edited-copies.ts';

const { root: dir, editedCopy } = useEditedCopies('format-v2-');
let store: SnapshotStore;

beforeAll(() => {
  store = SnapshotStore.open(fixturePath('small'));
});
afterAll(() => store.close());

/** The first transaction matching `where` (SQL over `transactions t` joined to `transaction_details d`). */
function first(where: string): StoredTransaction {
  const version = store.database
    .prepare(
      `SELECT t.version FROM transactions t JOIN transaction_details d ON d.version = t.version
       WHERE t.version >= ? AND ${where} ORDER BY t.version LIMIT 1`,
    )
    .pluck()
    .get(store.meta.oldestVersion) as number | undefined;
  if (version === undefined) throw new Error(`no transaction where ${where}`);
  const txn = store.transaction(BigInt(version));
  if (!txn) throw new Error(`transaction ${version} did not load`);
  return txn;
}

const decode = (typeText: string, bytes: Uint8Array): Record<string, unknown> =>
  decodeMoveValue(bytes, resolveLayout(parseTypeTag(typeText), store.abiLookup(store.meta.latestVersion))) as Record<
    string,
    unknown
  >;

describe('format v2 transactions', () => {
  it('holds every transaction kind with the fields the node shows for it', () => {
    expect(store.meta.formatVersion).toBe(4);
    for (const kind of ['genesis', 'block_metadata', 'user', 'state_checkpoint', 'block_epilogue'] as const) {
      const version = store.database
        .prepare('SELECT version FROM transactions WHERE kind = ? ORDER BY version LIMIT 1')
        .pluck()
        .get(kind) as number | undefined;
      expect(version, kind).toBeDefined();
      const txn = store.transaction(BigInt(version ?? -1));
      expect(txn?.kind).toBe(kind);
      expect(txn?.details?.vmStatus, kind).toBeTypeOf('string');
      expect(txn?.details?.accumulatorRootHash).toHaveLength(32);
    }
    const metadata = first(`t.kind = 'block_metadata'`);
    const block = store.database
      .prepare('SELECT hash, epoch FROM blocks WHERE first_version = ?')
      .get(Number(metadata.version)) as { hash: Uint8Array; epoch: number };
    expect(metadata.details?.kindFields).toMatchObject({ id: bytesToHex(block.hash), epoch: String(block.epoch) });
    expect(metadata.details?.stateCheckpointHash).toBeUndefined();
    const epilogue = first(`t.kind = 'block_epilogue'`);
    expect(epilogue.details?.kindFields?.block_end_info).toHaveProperty('block_gas_limit_reached');
    expect(epilogue.details?.stateCheckpointHash).toHaveLength(32);
  });

  it('keeps a user transaction payload as JSON and BCS that name the same call, and finds it by hash', () => {
    const txn = first(`t.kind = 'user' AND t.success = 1 AND t.sequence_number IS NOT NULL`);
    const details = txn.details;
    const payload = details?.payload as {
      function: string;
      type_arguments: string[];
      arguments: unknown[];
      type: string;
    };
    expect(payload.type).toBe('entry_function_payload');
    expect(payload.function).toBe(txn.entryFunction);
    const reader = new BcsReader(details?.payloadBcs ?? new Uint8Array(0));
    expect(reader.variantIndex()).toBe(2);
    const [address, module, name] = payload.function.split('::');
    expect(formatAddress(reader.address())).toBe(address);
    expect([reader.string(), reader.string()]).toEqual([module, name]);
    expect(details?.signatureKind).toBe((details?.signature as { type: string }).type);
    expect(details?.expirationTimestampSecs).toBeGreaterThan(txn.timestampUsec / 1_000_000n);
    expect(store.transactionByHash(txn.hash)?.version).toBe(txn.version);
    expect(store.transactionByHash(new Uint8Array(32))).toBeUndefined();
  });

  it('answers a version write set and events from its rows, a fee statement last', () => {
    const txn = first(`t.kind = 'user' AND t.sequence_number IS NOT NULL`);
    const writeSet = store.writeSet(txn.version) ?? [];
    const rows = store.database
      .prepare('SELECT state_key FROM state_values WHERE version = ? ORDER BY state_key')
      .pluck()
      .all(Number(txn.version)) as Uint8Array[];
    expect(writeSet.map((op) => bytesToHex(op.stateKey))).toEqual(rows.map((key) => bytesToHex(key)));
    expect(writeSet).toHaveLength(txn.details?.writeSetSize ?? -1);
    const sender = txn.sender ?? new Uint8Array(32);
    const accountKey = bytesToHex(resourceStateKey(sender, parseStructTag('0x1::account::Account')));
    expect(writeSet.map((op) => bytesToHex(op.stateKey))).toContain(accountKey);
    const events = store.transactionEvents(txn.version);
    expect(events).toHaveLength(txn.details?.eventCount ?? -1);
    expect(events.map((event) => event.index)).toEqual(events.map((_, i) => i));
    const fee = events.at(-1);
    expect(fee?.typeTag).toBe('0x1::transaction_fee::FeeStatement');
    expect(fee?.stream).toBeUndefined();
    expect(decode('0x1::transaction_fee::FeeStatement', fee?.data ?? new Uint8Array(0))).toMatchObject({
      total_charge_gas_units: String(txn.gasUsed),
    });
    expect(store.writeSet(store.meta.oldestVersion - 1n)).toBeUndefined();
  });

  it('has failed, orderless and fee-payer transactions that write only what the node writes', () => {
    const failed = first(`t.success = 0`);
    expect(failed.details?.vmStatus).toMatch(/^Move abort in 0x1::coin: EINSUFFICIENT_BALANCE/);
    expect(failed.gasUsed).toBeGreaterThan(0n);
    // The sender's sequence number, the payer's APT store and APT's supply (the fee is burned).
    expect((store.writeSet(failed.version) ?? []).length).toBeLessThanOrEqual(3);
    expect(store.transactionEvents(failed.version).map((e) => e.typeTag)).toEqual([
      '0x1::transaction_fee::FeeStatement',
    ]);

    const orderless = first(`t.nonce IS NOT NULL`);
    expect(orderless.sequenceNumber).toBeUndefined();
    const accountKey = bytesToHex(
      resourceStateKey(orderless.sender ?? new Uint8Array(32), parseStructTag('0x1::account::Account')),
    );
    expect((store.writeSet(orderless.version) ?? []).map((op) => bytesToHex(op.stateKey))).not.toContain(accountKey);

    const sponsored = first(`d.signature_kind = 'fee_payer_signature'`);
    const signature = sponsored.details?.signature as { fee_payer_address: string };
    expect(signature.fee_payer_address).toBe(formatAddress(sponsored.details?.feePayer ?? new Uint8Array(32)));
  });
});

describe('the modern world', () => {
  const objectGroup = parseStructTag('0x1::object::ObjectGroup');

  it("stores APT's metadata at 0xa as one ObjectGroup whose members decode by their layouts", () => {
    const value = store.stateValue(resourceGroupStateKey(parseAddress('0xa'), objectGroup), store.meta.latestVersion);
    const members = decodeResourceGroup(value ?? new Uint8Array([0]));
    const tags = members.map((member) => formatStructTag(member.tag));
    expect(tags).toEqual(expect.arrayContaining(['0x1::object::ObjectCore', '0x1::fungible_asset::Metadata']));
    const metadata = members.find((member) => member.tag.name === 'Metadata');
    expect(decode('0x1::fungible_asset::Metadata', metadata?.bytes ?? new Uint8Array(0))).toMatchObject({
      symbol: 'APT',
      decimals: 8,
    });
  });

  it('has accounts whose APT sits in a primary fungible store, moved with module events', () => {
    const deposits = store.database
      .prepare(`SELECT count(*) FROM module_events WHERE type_tag = '0x1::fungible_asset::Deposit'`)
      .pluck()
      .get() as number;
    expect(deposits).toBeGreaterThan(0);
    const groups = store.database
      // Access-path keys whose path (after its one-byte length) is variant 2: resource groups.
      .prepare(
        `SELECT count(DISTINCT state_key) FROM state_values WHERE substr(state_key, 1, 1) = x'00' AND ` +
          `substr(state_key, 35, 1) = x'02'`,
      )
      .pluck()
      .get() as number;
    expect(groups).toBeGreaterThan(1);
  });

  it('gives every publishing account a PackageRegistry', () => {
    for (const address of ['0x1', '0xcafe']) {
      const bytes = store.resource(
        parseAddress(address),
        parseStructTag('0x1::code::PackageRegistry'),
        store.meta.latestVersion,
      );
      const registry = decode('0x1::code::PackageRegistry', bytes ?? new Uint8Array(0));
      expect((registry.packages as unknown[]).length, address).toBeGreaterThan(0);
    }
  });
});

describe('snapshot info on format v2', () => {
  it('lists a sample of each transaction shape, blocks, objects, fungible assets and module events', () => {
    const samples = snapshotInfo(store).samples;
    const load = (sample: { version: string; hash: string } | null): StoredTransaction => {
      const txn = store.transaction(BigInt(sample?.version ?? -1));
      expect(bytesToHex(txn?.hash ?? new Uint8Array(0))).toBe(sample?.hash);
      if (!txn) throw new Error('sample missing');
      return txn;
    };
    expect(load(samples.transactions.user).success).toBe(true);
    expect(load(samples.transactions.failed).success).toBe(false);
    expect(load(samples.transactions.orderless).nonce).toBeDefined();
    expect(load(samples.transactions.feePayer).details?.feePayer).toBeDefined();
    expect(load(samples.transactions.multiAgent).details?.secondarySigners.length).toBeGreaterThan(0);
    expect(samples.blocks.length).toBeGreaterThan(0);
    expect(samples.objects).toContain('0xa');
    expect(samples.fungibleAssets).toContain('0xa');
    expect(samples.fungibleAssets.length).toBeGreaterThan(1);
    for (const event of samples.moduleEvents) {
      const found = store.transactionEvents(BigInt(event.version))[event.index];
      expect(found?.typeTag).toBe(event.type);
      expect(found?.stream).toBeUndefined();
    }
    expect(samples.moduleEvents.map((event) => event.type)).toEqual(
      expect.arrayContaining(['0x1::transaction_fee::FeeStatement', '0x1::object::Transfer']),
    );
  });

  it('gives token objects an owner that follows their transfers', () => {
    const transfer = snapshotInfo(store).samples.moduleEvents.find((event) => event.type === '0x1::object::Transfer');
    const event = store.transactionEvents(BigInt(transfer?.version ?? -1))[transfer?.index ?? -1];
    const data = decode('0x1::object::Transfer', event?.data ?? new Uint8Array(0));
    const group = store.stateValue(
      resourceGroupStateKey(parseAddress(String(data.object)), parseStructTag('0x1::object::ObjectGroup')),
      BigInt(transfer?.version ?? -1),
    );
    const core = decodeResourceGroup(group ?? new Uint8Array([0])).find((member) => member.tag.name === 'ObjectCore');
    expect(decode('0x1::object::ObjectCore', core?.bytes ?? new Uint8Array(0)).owner).toBe(data.to);
  });
});

describe('snapshot verify on format v2', () => {
  it('passes on the generated sample', () => {
    const report = verifySnapshot(store);
    expect(report.problems).toEqual([]);
    expect(report.checked.writeSets).toBeGreaterThan(0);
    expect(report.checked.transactionHashes).toBeGreaterThan(0);
  });

  it('fails with one line when a write set disagrees with its state rows', () => {
    const version = Number(first(`t.kind = 'user'`).version);
    const copy = editedCopy((db) =>
      db
        .prepare(
          "UPDATE state_values SET value = value || x'00' WHERE version = ? AND state_key = (SELECT " +
            `min(state_key) FROM state_values WHERE version = ? AND value IS NOT NULL AND NOT ${BALANCE_KEY_SQL})`,
        )
        .run(version, version),
    );
    const edited = SnapshotStore.open(copy);
    const report = verifySnapshot(edited);
    edited.close();
    const lines = report.problems.filter((line) => line.startsWith(`version ${version}:`));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/write set disagrees with its state rows/);
  });

  it('fails with one line when a transaction does not hash to its stored hash', () => {
    const version = Number(first(`t.kind = 'user' AND t.success = 1`).version);
    const copy = editedCopy((db) =>
      db.prepare('UPDATE transactions SET gas_unit_price = gas_unit_price + 1 WHERE version = ?').run(version),
    );
    const edited = SnapshotStore.open(copy);
    const report = verifySnapshot(edited);
    edited.close();
    // The hash; the fee the price now implies, which is not what the payer paid (verify-conservation.ts); and the
    // indexer's stored gas-fee row, derived from the transaction before the edit (`user_transactions` is a view over
    // the edited row itself: electron/indexer/indexer-views.ts).
    const lines = report.problems.filter((line) => line.startsWith(`version ${version}:`));
    expect(lines[0]).toMatch(new RegExp(`^version ${version}: hash 0x[0-9a-f]{64} is not the hash of its`));
    expect(lines.slice(1).join('\n')).toMatch(/its events and fee say|the fee of \d+ must be burned/);
    const { gasUnitPrice: price, gasUsed } = first(`t.version = ${version}`);
    expect(report.problems).toContain(
      `indexer table fungible_asset_activities, version ${version}: amount is "${gasUsed * price}" in the ` +
        `file, "${gasUsed * (price + 1n)}" derived from the transactions`,
    );
  });

  it('fails when a version loses an event', () => {
    const version = Number(first(`t.kind = 'user'`).version);
    const copy = editedCopy((db) => db.prepare('DELETE FROM module_events WHERE version = ?').run(version));
    const edited = SnapshotStore.open(copy);
    const report = verifySnapshot(edited);
    edited.close();
    expect(report.problems.join('\n')).toMatch(new RegExp(`version ${version}: \\d+ events are stored`));
  });
});

describe('a format v1 file', () => {
  it('still opens, read-only, and answers with what it has', () => {
    const path = join(dir, 'v1.db');
    generateSnapshot({ out: path, versions: 300, accounts: 5, coinStores: 0, format: 1 });
    const v1 = SnapshotStore.open(path);
    try {
      expect(v1.meta.formatVersion).toBe(1);
      const version = v1.database
        .prepare(`SELECT version FROM transactions WHERE kind = 'user' ORDER BY version DESC LIMIT 1`)
        .pluck()
        .get() as number;
      const txn = v1.transaction(BigInt(version));
      expect(txn?.kind).toBe('user');
      expect(txn?.details).toBeUndefined();
      expect(v1.transactionByHash(txn?.hash ?? new Uint8Array(32))?.version).toBe(BigInt(version));
      expect(v1.writeSet(BigInt(version))).toBeUndefined();
      const handleEvents = v1.database.prepare('SELECT count(*) FROM events WHERE version = ?').pluck().get(version);
      expect(v1.transactionEvents(BigInt(version))).toHaveLength(handleEvents as number);
      expect(verifySnapshot(v1).problems).toEqual([]);
    } finally {
      v1.close();
    }
  });
});

/**
 * The indexer processors on real transactions of the main generated fixture: fee payer, failed, coin and
 * fungible-asset transfers, token mints and transfers, block metadata, table items. Each expectation is read from
 * the transaction itself (its payload, signature, events and state), never hard-coded.
 */
import { describe, expect, it } from 'vitest';
import { formatAddressLong, parseAddress } from '../../shared/address.ts';
import { primaryStoreAddress } from '../../shared/object-address.ts';
import { coinBalance } from '../../electron/service/view/balances.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import { deriveVersion, sampleVersion, useMainFixture } from './indexer-fixture.ts';

const { store, state } = useMainFixture();
const APT = '0x1::aptos_coin::AptosCoin';
const long = (bytes: Uint8Array): string => formatAddressLong(bytes);

function payloadArgs(version: bigint): unknown[] {
  const payload = store.transaction(version)?.details?.payload as { arguments: unknown[] };
  return payload.arguments;
}

describe('indexer processors on real transactions', () => {
  it('files a fee-payer transaction under sender and payer: the gas row names the payer, signatures do not', () => {
    const version = sampleVersion(store, 'd.fee_payer IS NOT NULL AND t.success = 1');
    const transaction = store.transaction(version);
    const rows = deriveVersion(store, state, version);
    const sender = long(transaction?.sender ?? new Uint8Array());
    const payer = long(transaction?.details?.feePayer ?? new Uint8Array());
    const gas = rows.get('fungible_asset_activities')?.filter((row) => row['is_gas_fee'] === true) ?? [];
    expect(gas).toHaveLength(1);
    expect(gas[0]).toMatchObject({
      owner_address: sender,
      gas_fee_payer_address: payer,
      asset_type: APT,
      amount: ((transaction?.gasUsed ?? 0n) * (transaction?.gasUnitPrice ?? 0n)).toString(),
      event_index: -1,
      type: '0x1::aptos_coin::GasFeeEvent',
    });
    const accounts = rows.get('account_transactions')?.map((row) => row['account_address']);
    expect(accounts).toContain(sender);
    expect(accounts).toContain(payer);
    const signers = rows.get('signatures')?.map((row) => row['signer']);
    expect(signers).toContain(sender);
    expect(signers).not.toContain(payer);
    expect(rows.get('user_transactions')?.[0]).toMatchObject({
      parent_signature_type: 'fee_payer_signature',
      sender,
      version,
    });
  });

  it('gives a failed transaction its user row and an unsuccessful gas row, and no transfer rows', () => {
    const version = sampleVersion(store, 't.success = 0');
    const rows = deriveVersion(store, state, version);
    const activities = rows.get('fungible_asset_activities') ?? [];
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ is_gas_fee: true, is_transaction_success: false });
    expect(rows.get('user_transactions')).toHaveLength(1);
    expect(rows.get('token_activities_v2')).toBeUndefined();
  });

  it('turns a coin transfer into withdraw and deposit rows of the payload amount under the coin store ids', () => {
    // Between two CoinStore holders (a fungible-store holder's APT moves with fungible-asset events instead).
    const version = sampleVersion(
      store,
      `t.entry_function = '0x1::coin::transfer' AND t.success = 1 AND (SELECT count(*) FROM events e
         WHERE e.version = t.version AND e.type_tag IN ('0x1::coin::WithdrawEvent', '0x1::coin::DepositEvent')) = 2`,
    );
    const [to, amount] = payloadArgs(version) as [string, string];
    const sender = store.transaction(version)?.sender ?? new Uint8Array();
    const rows = (deriveVersion(store, state, version).get('fungible_asset_activities') ?? []).filter(
      (row) => row['is_gas_fee'] === false,
    );
    const apt = parseStructTag(APT);
    const store0xa = (owner: Uint8Array): string => long(primaryStoreAddress(owner, parseAddress('0xa')));
    expect(rows.map((row) => [row['type'], row['owner_address'], row['amount'], row['storage_id']])).toEqual([
      ['0x1::coin::WithdrawEvent', long(sender), amount, store0xa(sender)],
      ['0x1::coin::DepositEvent', long(parseAddress(to)), amount, store0xa(parseAddress(to))],
    ]);
    expect(rows.every((row) => row['asset_type'] === APT && row['token_standard'] === 'v1')).toBe(true);
    // The balance rows of both holders equal the balance endpoint's count after the transaction.
    const balances = deriveVersion(store, state, version).get('current_fungible_asset_balances') ?? [];
    for (const owner of [sender, parseAddress(to)]) {
      const row = balances.find((b) => b['owner_address'] === long(owner) && b['asset_type'] === APT);
      expect(row?.['amount']).toBe(coinBalance(state.reader, owner, apt, version).toString());
    }
  });

  it('files a fungible-asset transfer under both stores, with their owners and the asset', () => {
    const version = sampleVersion(
      store,
      "t.entry_function = '0x1::primary_fungible_store::transfer' AND t.success = 1",
    );
    const [metadata, to, amount] = payloadArgs(version) as [{ inner: string }, string, string];
    const sender = store.transaction(version)?.sender ?? new Uint8Array();
    const asset = parseAddress(metadata.inner);
    const rows = (deriveVersion(store, state, version).get('fungible_asset_activities') ?? []).filter(
      (row) => row['is_gas_fee'] === false,
    );
    expect(rows.map((row) => [row['type'], row['owner_address'], row['storage_id'], row['amount']])).toEqual([
      ['0x1::fungible_asset::Withdraw', long(sender), long(primaryStoreAddress(sender, asset)), amount],
      [
        '0x1::fungible_asset::Deposit',
        long(parseAddress(to)),
        long(primaryStoreAddress(parseAddress(to), asset)),
        amount,
      ],
    ]);
    expect(rows.every((row) => row['asset_type'] === long(asset) && row['token_standard'] === 'v2')).toBe(true);
  });

  it('records a token mint and a transfer, moving the ownership row from the old owner to the new', () => {
    const mint = sampleVersion(store, "t.entry_function LIKE '%::assets::mint_token' AND t.success = 1");
    const minted = deriveVersion(store, state, mint);
    const activity = minted.get('token_activities_v2')?.[0];
    expect(activity?.['type']).toBe('0x4::collection::MintEvent');
    const token = String(activity?.['token_data_id']);
    expect(minted.get('current_token_datas_v2')?.[0]).toMatchObject({ token_data_id: token, token_standard: 'v2' });
    const transfer = sampleVersion(store, "t.entry_function = '0x1::object::transfer_call' AND t.success = 1");
    const [object, to] = payloadArgs(transfer) as [string, string];
    const sender = long(store.transaction(transfer)?.sender ?? new Uint8Array());
    const rows = deriveVersion(store, state, transfer);
    expect(rows.get('token_activities_v2')?.[0]).toMatchObject({
      type: '0x1::object::Transfer',
      token_data_id: long(parseAddress(object)),
      from_address: sender,
      to_address: long(parseAddress(to)),
    });
    const owners = rows.get('current_token_ownerships_v2')?.map((row) => [row['owner_address'], row['amount']]);
    expect(owners).toEqual([
      [sender, '0'],
      [long(parseAddress(to)), '1'],
    ]);
    expect(rows.get('current_objects')?.[0]).toMatchObject({
      object_address: long(parseAddress(object)),
      owner_address: long(parseAddress(to)),
      is_deleted: false,
    });
  });

  it('gives a multi-agent transaction one signature row per signer, the secondary ones not primary', () => {
    const version = sampleVersion(store, "d.signature_kind = 'multi_agent_signature'");
    const details = store.transaction(version)?.details;
    const rows = deriveVersion(store, state, version).get('signatures') ?? [];
    expect(rows.map((row) => row['is_sender_primary'])).toEqual([true, ...details!.secondarySigners.map(() => false)]);
    expect(rows.slice(1).map((row) => row['signer'])).toEqual(details?.secondarySigners.map(long));
  });

  it('decodes events and table items with the ABIs of their version', () => {
    const version = sampleVersion(store, "t.entry_function LIKE '0xcafe::registry::%' AND t.success = 1");
    const rows = deriveVersion(store, state, version);
    const events = rows.get('events') ?? [];
    expect(events.length).toBe(store.transactionEvents(version).length);
    const fee = events.find((row) => row['type'] === '0x1::transaction_fee::FeeStatement');
    expect(JSON.parse(String(fee?.['data']))).toHaveProperty('total_charge_gas_units');
    const items = rows.get('table_items') ?? [];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const handle = parseAddress(String(item['table_handle']));
      expect(store.tableInfo(handle)).toBeDefined();
      expect(JSON.parse(String(item['decoded_key']))).not.toBeNull();
    }
  });

  it('fills block metadata rows from the stored block fields', () => {
    const version = BigInt(
      store.database
        .prepare("SELECT version FROM transactions WHERE kind = 'block_metadata' AND version > 0 LIMIT 1")
        .pluck()
        .get() as number,
    );
    const fields = store.transaction(version)?.details?.kindFields ?? {};
    const row = deriveVersion(store, state, version).get('block_metadata_transactions')?.[0];
    expect(row).toMatchObject({ version, id: fields['id'], round: BigInt(String(fields['round'])) });
  });
});

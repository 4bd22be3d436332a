/**
 * Every answered view function over real BCS state, rendered as the node renders Move values
 * (u64/u128 as strings, Option as {vec}, Object's address, TypeInfo's byte vectors as hex), and the
 * aborts the framework raises where its Move code would.
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../../shared/address.ts';
import { primaryStoreAddress } from '../../../shared/object-address.ts';
import { formatAddress } from '../../../shared/address.ts';
import { STATUS_ABORTED, STATUS_MISSING_DATA } from '../../../electron/service/view/view-error.ts';
import { VIEW_FUNCTIONS } from '../../../electron/service/view/view-functions.ts';
import { typeInfoKey } from '../../../electron/service/view/coin-semantics.ts';
import { withResourceGroups } from '../../../electron/service/view/state-reader.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { parseStructTag } from '../../../shared/type-tag.ts';
import {
  ACCOUNT,
  APT,
  APT_COIN_SUPPLY,
  APT_FA_SUPPLY,
  chainState,
  MOON,
  OWNER,
  OWNER_FA_BALANCE,
  OWNER_STORE,
  STAR,
} from './chain-state.ts';
import { errorOf, view } from './view-support.ts';

const META = '0x1::fungible_asset::Metadata';

describe('0x1::coin views', () => {
  it('balance: CoinStore plus the primary store of the pairing found in CoinConversionMap', () => {
    const state = chainState();
    expect(view(state, '0x1::coin::balance', [APT], [OWNER])).toEqual([(OWNER_FA_BALANCE + 1000n).toString()]);
    expect(view(state, '0x1::coin::balance', [MOON], [ACCOUNT])).toEqual(['77']);
    expect(view(state, '0x1::coin::balance', [MOON], ['0x5'])).toEqual(['0']);
  });

  it('balance: a coin without an entry in CoinConversionMap has no fungible half, unlike the endpoint', () => {
    const state = chainState();
    // A primary store at MOON's derived metadata address exists, but MOON was never paired.
    const derived = '0x' + 'ab'.repeat(32);
    state.putGroup(formatAddress(primaryStoreAddress(parseAddress(ACCOUNT), parseAddress(derived))), {
      '0x1::fungible_asset::FungibleStore': { metadata: derived, balance: '9', frozen: false },
    });
    expect(view(state, '0x1::coin::balance', [MOON], [ACCOUNT])).toEqual(['77']);
  });

  it('paired_metadata and paired_coin', () => {
    const state = chainState();
    expect(view(state, '0x1::coin::paired_metadata', [APT], [])).toEqual([{ vec: [{ inner: '0xa' }] }]);
    expect(view(state, '0x1::coin::paired_metadata', [MOON], [])).toEqual([{ vec: [] }]);
    expect(view(state, '0x1::coin::paired_coin', [], ['0xa'])).toEqual([
      { vec: [{ account_address: '0x1', module_name: '0x6170746f735f636f696e', struct_name: '0x4170746f73436f696e' }] },
    ]);
    expect(view(state, '0x1::coin::paired_coin', [], [STAR])).toEqual([{ vec: [] }]);
  });

  it('paired_metadata without CoinConversionMap is none; with it but no table items, a clear refusal', () => {
    const state = chainState();
    state.putRaw('0x1', '0x1::coin::CoinConversionMap', null, 1n);
    expect(view(state, '0x1::coin::paired_metadata', [APT], [])).toEqual([{ vec: [] }]);
    const full = chainState();
    const noTables = { resource: full.resource.bind(full) };
    const { status, record } = errorOf(() => view(noTables, '0x1::coin::paired_metadata', [APT], []));
    expect(status).toBe(400);
    expect(record.message).toMatch(/no table items.*CoinConversionMap/);
  });

  it('name, symbol, decimals from CoinInfo; MISSING_DATA for a type that is not a coin', () => {
    const state = chainState();
    expect(view(state, '0x1::coin::name', [APT], [])).toEqual(['Aptos Coin']);
    expect(view(state, '0x1::coin::symbol', [MOON], [])).toEqual(['MOON']);
    expect(view(state, '0x1::coin::decimals', [MOON], [])).toEqual([6]);
    const { status, record } = errorOf(() => view(state, '0x1::coin::name', ['0xc0::moon::Sun'], []));
    expect(status).toBe(400);
    expect(record).toMatchObject({ error_code: 'invalid_input', vm_error_code: STATUS_MISSING_DATA });
    expect(record.message).toContain('0x1::coin::CoinInfo<0xc0::moon::Sun>');
  });

  it('supply: aggregator v1 (a table item) plus the paired asset supply; integer supply; untracked', () => {
    const state = chainState();
    expect(view(state, '0x1::coin::supply', [APT], [])).toEqual([
      { vec: [(APT_COIN_SUPPLY + APT_FA_SUPPLY).toString()] },
    ]);
    expect(view(state, '0x1::coin::supply', [MOON], [])).toEqual([{ vec: ['5000'] }]);
    state.put(
      '0xc0',
      `0x1::coin::CoinInfo<${MOON}>`,
      {
        name: 'Moon',
        symbol: 'MOON',
        decimals: 6,
        supply: { vec: [] },
      },
      2n,
    );
    expect(view(state, '0x1::coin::supply', [MOON], [])).toEqual([{ vec: [] }]);
  });

  it('is_account_registered: CoinStore, else feature 64, else feature 65 for APT, else the primary store', () => {
    expect(view(chainState(), '0x1::coin::is_account_registered', [MOON], [ACCOUNT])).toEqual([true]);
    expect(view(chainState(), '0x1::coin::is_account_registered', [MOON], ['0x5'])).toEqual([true]);
    expect(view(chainState([60]), '0x1::coin::is_account_registered', [MOON], ['0x5'])).toEqual([false]);
    expect(view(chainState([60, 65]), '0x1::coin::is_account_registered', [APT], ['0x5'])).toEqual([true]);
    expect(view(chainState([60]), '0x1::coin::is_account_registered', [APT], ['0x5'])).toEqual([false]);
    expect(view(chainState([60]), '0x1::coin::is_account_registered', [APT], [OWNER])).toEqual([true]);
    // OWNER's CoinStore<APT> deleted: the primary store of 0xa alone registers it.
    const state = chainState([60]);
    state.putRaw(OWNER, `0x1::coin::CoinStore<${APT}>`, null, 1n);
    expect(view(state, '0x1::coin::is_account_registered', [APT], [OWNER])).toEqual([true]);
  });

  it('is_account_registered aborts as coin.move does', () => {
    const cases: [number[], string, string, number][] = [
      [[60, 64], '0xc0::moon::Sun', 'ECOIN_INFO_NOT_PUBLISHED', 0x10003],
      [[64], MOON, 'EMIGRATION_FRAMEWORK_NOT_ENABLED', 0x3001a],
    ];
    for (const [flags, coin, reason, code] of cases) {
      const { status, record } = errorOf(() =>
        view(chainState(flags), '0x1::coin::is_account_registered', [coin], ['0x5']),
      );
      expect(status).toBe(400);
      expect(record.vm_error_code).toBe(STATUS_ABORTED);
      expect(record.message).toMatch(new RegExp(`^Move abort in 0x1::coin: ${reason}\\(0x${code.toString(16)}\\): .+`));
    }
    const noMap = chainState([60]);
    noMap.putRaw('0x1', '0x1::coin::CoinConversionMap', null, 1n);
    expect(errorOf(() => view(noMap, '0x1::coin::is_account_registered', [MOON], ['0x5'])).record.message).toContain(
      'ECOIN_CONVERSION_MAP_NOT_FOUND(0x6001b)',
    );
    const unpairedApt = chainState([60]);
    unpairedApt.putRaw('0x1', '0x1::coin::CoinConversionMap', null, 1n);
    unpairedApt.put('0x1', '0x1::coin::CoinConversionMap', { coin_to_fungible_asset_map: { handle: '0xbeef' } }, 2n);
    unpairedApt.putRaw(OWNER, `0x1::coin::CoinStore<${APT}>`, null, 1n);
    expect(
      errorOf(() => view(unpairedApt, '0x1::coin::is_account_registered', [APT], [OWNER])).record.message,
    ).toContain('EAPT_PAIRING_IS_NOT_ENABLED(0x3001c)');
  });
});

describe('CoinConversionMap keys', () => {
  it('are BCS TypeInfo: the real PairedCoinType bytes of 0xa are the key of AptosCoin', () => {
    const reader = withResourceGroups(chainState());
    const paired = reader.resource(parseAddress('0xa'), parseStructTag('0x1::coin::PairedCoinType'), 10n);
    expect(paired).toEqual(typeInfoKey(parseStructTag(APT)));
  });

  it('spell type arguments into the struct name, short addresses joined by ", "', () => {
    const key = typeInfoKey(parseStructTag(`0x00c0::lp::LP<${APT}, vector<u8>>`));
    const expected = new BcsWriter()
      .address(parseAddress('0xc0'))
      .bytes(new TextEncoder().encode('lp'))
      .bytes(new TextEncoder().encode('LP<0x1::aptos_coin::AptosCoin, vector<u8>>'))
      .toBytes();
    expect(key).toEqual(expected);
  });
});

describe('fungible asset, object and account views', () => {
  it('primary_fungible_store::balance, with the concurrent balance when the store balance is 0', () => {
    const state = chainState();
    expect(view(state, '0x1::primary_fungible_store::balance', [META], [OWNER, '0xa'])).toEqual([
      OWNER_FA_BALANCE.toString(),
    ]);
    expect(view(state, '0x1::primary_fungible_store::balance', [META], [ACCOUNT, STAR])).toEqual(['31']);
    expect(view(state, '0x1::primary_fungible_store::balance', [META], ['0x5', '0xa'])).toEqual(['0']);
  });

  it('fungible_asset::name|symbol|decimals|supply from the metadata object', () => {
    const state = chainState();
    expect(view(state, '0x1::fungible_asset::name', [META], ['0xa'])).toEqual(['Aptos Coin']);
    expect(view(state, '0x1::fungible_asset::symbol', [META], [STAR])).toEqual(['STAR']);
    expect(view(state, '0x1::fungible_asset::decimals', [META], [STAR])).toEqual([2]);
    expect(view(state, '0x1::fungible_asset::supply', [META], ['0xa'])).toEqual([{ vec: [APT_FA_SUPPLY.toString()] }]);
    expect(view(state, '0x1::fungible_asset::supply', [META], [STAR])).toEqual([{ vec: ['900'] }]);
    // An object without either supply resource: none.
    expect(view(state, '0x1::fungible_asset::supply', ['0x1::object::ObjectCore'], [OWNER_STORE])).toEqual([
      { vec: [] },
    ]);
  });

  it('fungible_asset::metadata: the whole Metadata resource, whatever T the object is read as', () => {
    const state = chainState();
    const apt = { name: 'Aptos Coin', symbol: 'APT', decimals: 8, icon_uri: '', project_uri: '' };
    expect(view(state, '0x1::fungible_asset::metadata', [META], ['0xa'])).toEqual([apt]);
    // The official explorer reads it as Object<ObjectCore> (every object has one).
    expect(view(state, '0x1::fungible_asset::metadata', ['0x1::object::ObjectCore'], [STAR])).toEqual([
      { name: 'Star', symbol: 'STAR', decimals: 2, icon_uri: '', project_uri: '' },
    ]);
    // An object that is no fungible asset: borrow_global<Metadata> finds nothing.
    const missing = errorOf(() =>
      view(state, '0x1::fungible_asset::metadata', ['0x1::object::ObjectCore'], [OWNER_STORE]),
    );
    expect(missing.record.vm_error_code).toBe(STATUS_MISSING_DATA);
    expect(missing.record.message).toContain('0x1::fungible_asset::metadata');
  });

  it('builds Object<T> arguments as the VM does: no object, or T not there, aborts in 0x1::object', () => {
    const state = chainState();
    const noObject = errorOf(() => view(state, '0x1::fungible_asset::name', [META], ['0x5']));
    expect(noObject.record.message).toBe(
      'Move abort in 0x1::object: EOBJECT_DOES_NOT_EXIST(0x60002): An object does not exist at this address',
    );
    expect(noObject.record.vm_error_code).toBe(STATUS_ABORTED);
    const notThere = errorOf(() => view(state, '0x1::fungible_asset::name', [META], [OWNER_STORE]));
    expect(notThere.record.message).toContain('ERESOURCE_DOES_NOT_EXIST(0x60007)');
    expect(errorOf(() => view(state, '0x1::coin::paired_coin', [], [OWNER_STORE])).record.message).toContain(
      'ERESOURCE_DOES_NOT_EXIST',
    );
  });

  it('object::owner and object::is_object', () => {
    const state = chainState();
    expect(view(state, '0x1::object::owner', ['0x1::object::ObjectCore'], [OWNER_STORE])).toEqual([OWNER]);
    expect(view(state, '0x1::object::owner', [META], ['0xa'])).toEqual(['0x1']);
    expect(view(state, '0x1::object::is_object', [], [OWNER_STORE])).toEqual([true]);
    expect(view(state, '0x1::object::is_object', [], [OWNER])).toEqual([false]);
  });

  it('account::exists_at and get_sequence_number, with and without feature 91 (default account resource)', () => {
    const off = chainState();
    expect(view(off, '0x1::account::exists_at', [], [ACCOUNT])).toEqual([true]);
    expect(view(off, '0x1::account::exists_at', [], ['0x5'])).toEqual([false]);
    expect(view(off, '0x1::account::get_sequence_number', [], [ACCOUNT])).toEqual(['42']);
    const missing = errorOf(() => view(off, '0x1::account::get_sequence_number', [], ['0x5']));
    expect(missing.record.message).toBe(
      'Move abort in 0x1::account: EACCOUNT_DOES_NOT_EXIST(0x60002): Account does not exist',
    );
    const on = chainState([60, 64, 65, 91]);
    expect(view(on, '0x1::account::exists_at', [], ['0x5'])).toEqual([true]);
    expect(view(on, '0x1::account::get_sequence_number', [], ['0x5'])).toEqual(['0']);
  });

  it('every answered function is exercised by this file', async () => {
    const source = await import('node:fs').then((fs) => fs.readFileSync(new URL(import.meta.url), 'utf8'));
    for (const id of VIEW_FUNCTIONS.keys()) expect(source, id).toContain(`'${id}'`);
  });
});

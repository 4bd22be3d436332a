/**
 * The ledger kernel (shared/ledger/): a state key's `state_key_hash` as mainnet's node wrote it (one recorded
 * transaction's changes, test/support/mainnet-user-transaction-3556737308.json), the access-path shortcut equal to
 * the general hash, a table item hashed without its key's length prefix, and decimal u64 reading at its bounds.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { bytesToHex } from '../../shared/hex.ts';
import {
  accessPathStateKeyHash,
  accountKeyPrefix,
  decodeStateKey,
  moduleStateKey,
  resourceGroupStateKey,
  resourceStateKey,
  stateKeyHash,
  tableItemStateKey,
} from '../../shared/ledger/state-keys.ts';
import * as v from 'valibot';
import { u64 } from '../../shared/api/wire/scalars.ts';
import { decimalU64, isDecimalText, isU64Text, readDecimal, U64_MAX, U64_MAX_TEXT } from '../../shared/ledger/u64.ts';
import { parseStructTag } from '../../shared/type-tag.ts';

interface RecordedChange {
  readonly type: string;
  readonly address: string;
  readonly state_key_hash: string;
  readonly data: { readonly type: string };
}

const recorded = JSON.parse(
  readFileSync(new URL('../support/mainnet-user-transaction-3556737308.json', import.meta.url), 'utf8'),
) as { readonly changes: readonly RecordedChange[] };

/** The recorded hash of the change writing `type` at `address`. */
function recordedHash(address: string, type: string): string {
  const change = recorded.changes.find((c) => c.address === address && c.data.type === type);
  if (change === undefined) throw new Error(`no recorded change writes ${type} at ${address}`);
  return change.state_key_hash;
}

describe('ledger kernel: state_key_hash', () => {
  it("hashes a plain resource's key as mainnet's node did", () => {
    const address = '0x95a0fd88b11286d4790c253b39c6678b798c54b54b63bfd2bfe042411ee2e3e8';
    const key = resourceStateKey(parseAddress(address), parseStructTag('0x1::account::Account'));
    expect(stateKeyHash(key)).toBe(recordedHash(address, '0x1::account::Account'));
    expect(accessPathStateKeyHash(key)).toBe(stateKeyHash(key));
  });

  it("hashes a resource group's key (every member shares it) as mainnet's node did", () => {
    const address = '0xa';
    const key = resourceGroupStateKey(parseAddress(address), parseStructTag('0x1::object::ObjectGroup'));
    for (const member of ['0x1::fungible_asset::Metadata', '0x1::object::ObjectCore'])
      expect(stateKeyHash(key)).toBe(recordedHash(address, member));
    expect(accessPathStateKeyHash(key)).toBe(stateKeyHash(key));
  });

  it('hashes a table item as tag ‖ handle ‖ raw key, not as stored (which length-prefixes the key)', () => {
    const handle = parseAddress('0x1234');
    const rawKey = Uint8Array.of(7, 8, 9);
    const stored = tableItemStateKey(handle, rawKey);
    const decoded = decodeStateKey(stored);
    expect(decoded.kind).toBe('table_item');
    const hashed = Uint8Array.of(1, ...handle, ...rawKey);
    expect(stateKeyHash(stored)).toBe(accessPathStateKeyHash(hashed));
    expect(stateKeyHash(stored, decoded)).not.toBe(accessPathStateKeyHash(stored));
  });
});

describe('ledger kernel: state keys', () => {
  it('gives every key bytes of its own (the builders reuse one writer)', () => {
    const tag = parseStructTag('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>');
    const first = resourceStateKey(parseAddress('0xa'), tag);
    const firstHex = bytesToHex(first);
    const others = [
      resourceGroupStateKey(parseAddress('0xb'), parseStructTag('0x1::object::ObjectGroup')),
      moduleStateKey(parseAddress('0xc'), 'coin'),
      tableItemStateKey(parseAddress('0xd'), Uint8Array.of(1, 2, 3)),
      accountKeyPrefix(parseAddress('0xe')),
    ];
    expect(bytesToHex(first)).toBe(firstHex);
    expect(first.buffer).not.toBe(others[0]?.buffer);
    expect(decodeStateKey(first)).toEqual({ kind: 'resource', address: '0xa', tag });
    expect(decodeStateKey(others[1] ?? new Uint8Array())).toEqual({ kind: 'module', address: '0xc', name: 'coin' });
    expect(accountKeyPrefix(parseAddress('0xe'))).toEqual(Uint8Array.of(0, ...parseAddress('0xe')));
  });
});

describe('ledger kernel: u64', () => {
  it('reads decimal text by the node rules: digits only, leading zeros, at most 2^64-1', () => {
    expect(U64_MAX_TEXT).toBe(U64_MAX.toString());
    expect(readDecimal(U64_MAX_TEXT, U64_MAX)).toBe(U64_MAX);
    expect(readDecimal('18446744073709551616', U64_MAX)).toBe('out_of_range');
    expect(readDecimal('007', U64_MAX)).toBe(7n);
    for (const text of ['', '-1', '1.5', '+1', ' 1', '１', '0x10'])
      expect(readDecimal(text, U64_MAX)).toBe('not_decimal');
    expect(decimalU64('42')).toBe(42n);
    expect(decimalU64('18446744073709551616')).toBeUndefined();
  });

  it('checks u64 text without a bigint exactly as readDecimal bounds it, and the wire schema with it', () => {
    const texts = [
      '0',
      '7',
      '007',
      U64_MAX_TEXT,
      `000${U64_MAX_TEXT}`,
      '18446744073709551616',
      '99999999999999999999',
      '100000000000000000000',
      '9'.repeat(19),
      '',
      '-1',
      '1e3',
      ' 1',
      '0x10',
      '١',
    ];
    for (const text of texts) {
      const expected = typeof readDecimal(text, U64_MAX) === 'bigint';
      expect(isU64Text(text), text).toBe(expected);
      expect(v.safeParse(u64, text).success, text).toBe(expected);
    }
  });

  it('tells digits-only text (of any length) from the rest, ASCII digits only', () => {
    for (const text of ['0', '007', '18446744073709551616', '9'.repeat(100)])
      expect(isDecimalText(text), text).toBe(true);
    for (const text of ['', ' 1', '1 ', '-1', '+1', '1.0', '1e3', '0x10', '١٢', '１２'])
      expect(isDecimalText(text), text).toBe(false);
  });
});

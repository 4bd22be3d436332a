/**
 * `POST /v1/view` request handling: body shape, function id, type and argument counts, argument
 * JSON by parameter type (the node's messages), functions a snapshot cannot run, the BCS request
 * body, and both reply renderings.
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../../shared/address.ts';
import { BcsReader } from '../../../shared/bcs/bcs-reader.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { parseTypeTag, writeTypeTag } from '../../../shared/type-tag.ts';
import { withResourceGroups } from '../../../electron/service/view/state-reader.ts';
import { callView, callViewBcs } from '../../../electron/service/view/view-request.ts';
import { ACCOUNT, APT, chainState, MOON, OWNER, OWNER_FA_BALANCE } from './chain-state.ts';
import { errorOf, V, view } from './view-support.ts';

const reader = () => withResourceGroups(chainState());
const call = (body: unknown) => () => callView(reader(), body, V);

describe('view request validation', () => {
  it('refuses a body without the three fields, or with mistyped ones, as a payload error', () => {
    const bodies: [unknown, RegExp][] = [
      [[], /expected a JSON object/],
      [{ type_arguments: [], arguments: [] }, /missing field `function`/],
      [{ function: '0x1::coin::balance', arguments: [] }, /missing field `type_arguments`/],
      [{ function: '0x1::coin::balance', type_arguments: [] }, /missing field `arguments`/],
      [{ function: 7, type_arguments: [], arguments: [] }, /`function` must be a string/],
      [
        { function: '0x1::coin::balance', type_arguments: [1], arguments: [] },
        /`type_arguments` must be an array of strings/,
      ],
      [{ function: '0x1::coin::balance', type_arguments: [], arguments: {} }, /`arguments` must be an array/],
    ];
    for (const [body, message] of bodies) {
      const { status, record } = errorOf(call(body));
      expect(status).toBe(400);
      expect(record.error_code).toBe('web_framework_error');
      expect(record.message).toMatch(message);
      expect(record.vm_error_code).toBeNull();
    }
  });

  it('refuses malformed function ids and type arguments', () => {
    for (const fn of [
      '0x1::coin',
      'coin::balance',
      '0x1::coin::balance::x',
      '0xzz::coin::balance',
      '0x1::1coin::balance',
    ]) {
      const { status, record } = errorOf(call({ function: fn, type_arguments: [], arguments: [] }));
      expect(status, fn).toBe(400);
      expect(record.message).toContain(`invalid function id "${fn}"`);
    }
    const { record } = errorOf(
      call({ function: '0x1::coin::balance', type_arguments: ['0x1::x'], arguments: [OWNER] }),
    );
    expect(record.message).toContain('invalid type argument "0x1::x"');
  });

  it('accepts long and short addresses in the function id', () => {
    const long = `0x${'0'.repeat(63)}1::coin::balance`;
    expect(callView(reader(), { function: long, type_arguments: [APT], arguments: [OWNER] }, V).json).toEqual([
      (OWNER_FA_BALANCE + 1000n).toString(),
    ]);
  });

  it('checks the number of type arguments and arguments against the signature, with the node messages', () => {
    expect(errorOf(call({ function: '0x1::coin::balance', type_arguments: [], arguments: [OWNER] })).record).toEqual({
      message: 'expected 1 type arguments for view function 0x1::coin::balance, but got 0',
      error_code: 'invalid_input',
      vm_error_code: null,
    });
    expect(
      errorOf(call({ function: '0x1::coin::balance', type_arguments: [APT], arguments: [OWNER, 5, true] })).record
        .message,
    ).toBe(`expected 1 arguments [string<address>], but got 3 ([String("${OWNER}"), Number(5), Bool(true)])`);
    expect(
      errorOf(call({ function: '0x1::primary_fungible_store::balance', type_arguments: [APT], arguments: [] })).record
        .message,
    ).toBe('expected 2 arguments [string<address>, string<address>], but got 0 ([])');
  });

  it('parses each argument by its parameter type and names the one that does not fit', () => {
    const cases: unknown[] = [5, '0xzz', null, { inner: '0x1' }, ''];
    for (const bad of cases) {
      const { status, record } = errorOf(
        call({ function: '0x1::coin::balance', type_arguments: [APT], arguments: [bad] }),
      );
      expect(status).toBe(400);
      expect(record.error_code).toBe('invalid_input');
      expect(record.message).toMatch(/^parse arguments\[0\] failed, expect string<address>, caused by error: /);
    }
    const second = errorOf(
      call({ function: '0x1::primary_fungible_store::balance', type_arguments: [APT], arguments: [OWNER, 10] }),
    );
    expect(second.record.message).toMatch(/^parse arguments\[1\] failed, expect string<address>/);
  });

  it('refuses every other function: a snapshot runs no Move code', () => {
    for (const fn of ['0x1::coin::is_coin_initialized', '0xc0::moon::price', '0x1::aptos_account::transfer']) {
      const { status, record } = errorOf(call({ function: fn, type_arguments: [], arguments: [] }));
      expect(status).toBe(400);
      expect(record.error_code).toBe('invalid_input');
      expect(record.message).toContain(`${fn} cannot be answered from a snapshot: a snapshot runs no Move code`);
      expect(record.message).toContain('0x1::coin::balance');
    }
  });

  it('refuses a type argument that is not a struct where the function needs one', () => {
    const { status, record } = errorOf(() => view(chainState(), '0x1::coin::name', ['u64'], []));
    expect(status).toBe(400);
    expect(record.message).toContain('must be a struct');
    const objectOfU64 = errorOf(() => view(chainState(), '0x1::fungible_asset::name', ['u64'], ['0xa']));
    expect(objectOfU64.status).toBe(400);
    expect(objectOfU64.record.message).toContain('T: key');
  });
});

describe('view replies', () => {
  it('renders BCS as a ULEB128 count and the values, matching the JSON', () => {
    const result = callView(
      reader(),
      { function: '0x1::coin::paired_metadata', type_arguments: [APT], arguments: [] },
      V,
    );
    expect(result.json).toEqual([{ vec: [{ inner: '0xa' }] }]);
    const r = new BcsReader(result.bcs);
    expect(r.uleb128()).toBe(1);
    expect(r.option((o) => o.address())).toEqual(parseAddress('0xa'));
    r.assertFinished();
    const balance = callView(
      reader(),
      { function: '0x1::coin::balance', type_arguments: [MOON], arguments: [ACCOUNT] },
      V,
    );
    expect([...balance.bcs]).toEqual([1, 77, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('accepts the BCS request body (ViewFunction) and refuses undecodable or mistyped ones', () => {
    const body = (fn: [string, string, string], typeArgs: string[], args: Uint8Array[], extra = false) => {
      const w = new BcsWriter().address(parseAddress(fn[0])).string(fn[1]).string(fn[2]);
      w.uleb128(typeArgs.length);
      for (const t of typeArgs) writeTypeTag(w, parseTypeTag(t));
      w.vector(args, (ww, a) => ww.bytes(a));
      if (extra) w.u8(0);
      return w.toBytes();
    };
    const ok = callViewBcs(reader(), body(['0x1', 'coin', 'balance'], [MOON], [parseAddress(ACCOUNT)]), V);
    expect(ok.json).toEqual(['77']);
    const bad: [Uint8Array, RegExp][] = [
      [
        body(['0x1', 'coin', 'balance'], [MOON], [parseAddress(ACCOUNT)], true),
        /Failed to deserialize input into ViewRequest/,
      ],
      [new Uint8Array([1, 2, 3]), /Failed to deserialize input into ViewRequest/],
      [body(['0x1', 'coin', 'balance'], [], [parseAddress(ACCOUNT)]), /expected 1 type arguments/],
      [body(['0x1', 'coin', 'balance'], [MOON], []), /expected 1 arguments/],
      [body(['0x1', 'coin', 'balance'], [MOON], [new Uint8Array(8)]), /must be 32 bytes/],
      [body(['0x1', 'm', 'f'], [], []), /cannot be answered from a snapshot/],
    ];
    for (const [bytes, message] of bad) {
      const { status, record } = errorOf(() => callViewBcs(reader(), bytes, V));
      expect(status).toBe(400);
      expect(record.error_code).toBe('invalid_input');
      expect(record.message).toMatch(message);
    }
  });
});

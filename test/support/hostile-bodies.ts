/**
 * Request bodies built to cost a server memory or time, shared by test/service/hostile-bodies.test.ts and
 * test/bench/hostile-body-bench.ts: BCS and JSON `POST /v1/view` bodies of 8 MiB and millions of elements, an argument
 * nested 10,000 deep, a table-item key of millions of values.
 */

const MIB = 1024 * 1024;

/** The view function every body calls (one type argument, one address argument). */
export const BALANCE = '0x1::coin::balance';
/** Its type argument. */
export const APT = '0x1::aptos_coin::AptosCoin';
/** Content type of a BCS view body. */
export const VIEW_BCS = 'application/x.aptos.view_function+bcs';

/** ULEB128 of `n`. */
export function uleb(n: number): Buffer {
  const out: number[] = [];
  let v = n;
  do {
    const low = v & 0x7f;
    v = Math.floor(v / 128);
    out.push(v > 0 ? low | 0x80 : low);
  } while (v > 0);
  return Buffer.from(out);
}

const str = (s: string): Buffer => Buffer.concat([uleb(s.length), Buffer.from(s)]);
const ADDRESS_ONE = Buffer.concat([Buffer.alloc(31), Buffer.from([1])]);

/** BCS `ViewFunction` for `0x1::<module>::<name>`: then `typeArgs` and `args`, already encoded. */
export function bcsView(typeArgs: Uint8Array, args: Uint8Array, module = 'coin', name = 'balance'): Buffer {
  return Buffer.concat([ADDRESS_ONE, str(module), str(name), typeArgs, args]);
}

/** BCS of the type tag `0x1::aptos_coin::AptosCoin`, and a vector of it alone. */
export const APT_TAG = Buffer.concat([Buffer.from([7]), ADDRESS_ONE, str('aptos_coin'), str('AptosCoin'), uleb(0)]);
export const ONE_APT_TAG = Buffer.concat([uleb(1), APT_TAG]);
/** The argument vector `[0x1]` (one 32-byte address). */
export const ONE_ADDRESS_ARG = Buffer.concat([uleb(1), uleb(32), ADDRESS_ONE]);

/** An 8 MiB BCS view body: 0x1::coin::balance<AptosCoin> with ~8.4 M empty arguments (one zero byte each). */
export function manyEmptyArgs(module = 'coin', name = 'balance', bytes = 8 * MIB): Buffer {
  const head = bcsView(ONE_APT_TAG, Buffer.alloc(0), module, name).length;
  const count = bytes - head - 4;
  return bcsView(ONE_APT_TAG, Buffer.concat([uleb(count), Buffer.alloc(count)]), module, name);
}

/** An 8 MiB BCS view body: ~8.4 M `bool` type arguments, then one address argument. */
export function manyTypeArgs(): Buffer {
  const count = 8 * MIB - 60 - ONE_ADDRESS_ARG.length;
  return bcsView(Buffer.concat([uleb(count), Buffer.alloc(count)]), ONE_ADDRESS_ARG);
}

/** `unit` repeated to fill about `bytes`. */
export const fill = (unit: string, bytes: number): string => unit.repeat(Math.floor(bytes / unit.length));

/** A JSON view body for 0x1::coin::balance<AptosCoin> whose `arguments` array holds `argumentsText`. */
export function jsonView(argumentsText: string): Buffer {
  return Buffer.from(`{"function":"${BALANCE}","type_arguments":["${APT}"],"arguments":[${argumentsText}]}`);
}

/** `[` × depth, then `]` × depth: an empty array nested `depth` deep. */
export const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** A JSON table-item body whose `vector<u64>` key has `count` values. */
export function tableKeyOf(count: number): Buffer {
  return Buffer.from(`{"key_type":"vector<u64>","value_type":"u64","key":[${'"1",'.repeat(count - 1)}"1"]}`);
}

/** 8 MiB expressed in bytes. */
export const EIGHT_MIB = 8 * MIB;

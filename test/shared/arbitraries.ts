/**
 * fast-check generators shared by the codec's property tests: random Move layouts, random
 * "JSON in" values for a layout (in every accepted spelling), and the JSON the decoder must give
 * back for them.
 */
import fc from 'fast-check';
import { formatAddress, normalizeAddress } from '../../shared/address.ts';
import { assertNever } from '../../shared/assert-never.ts';
import { bytesToHex } from '../../shared/hex.ts';
import type { MoveFieldLayout, MoveLayout } from '../../shared/move/layout.ts';
import type { MoveJson } from '../../shared/move/move-json.ts';
import { structTag, type PrimitiveTypeName, type TypeTag } from '../../shared/type-tag.ts';

const PRIMITIVES: readonly PrimitiveTypeName[] = [
  'bool',
  'u8',
  'u16',
  'u32',
  'u64',
  'u128',
  'u256',
  'address',
  'signer',
];

/** Move identifiers, including the awkward ones (`__proto__`, `constructor`, upper case, `_0`). */
export const identifierArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '__proto__',
      'constructor',
      'toString',
      '_0',
      '_1',
      'A',
      'Z',
      'inner',
      'vec',
      'hasOwnProperty',
    ),
  },
);

const tagArb = fc
  .tuple(fc.constantFrom('0x1', '0x2a', '0xcafe'), identifierArb, identifierArb)
  .map(([a, m, n]) => structTag(a, m, n));

function fieldsArb(
  layout: fc.Arbitrary<MoveLayout>,
  minLength: number,
  exclude: readonly string[],
): fc.Arbitrary<MoveFieldLayout[]> {
  return fc
    .uniqueArray(
      fc.tuple(
        identifierArb.filter((n) => !exclude.includes(n)),
        layout,
      ),
      { minLength, maxLength: 4, selector: (t) => t[0] },
    )
    .map((pairs) => pairs.map(([name, l]) => ({ name, layout: l })));
}

/** Random layouts of bounded depth covering every kind (structs have at least one field, as compiled Move does). */
export const layoutArb: fc.Memo<MoveLayout> = fc.memo((depth: number): fc.Arbitrary<MoveLayout> => {
  const leaf: fc.Arbitrary<MoveLayout> = fc.oneof(
    fc.constantFrom<PrimitiveTypeName>(...PRIMITIVES).map((kind): MoveLayout => ({ kind })),
    fc.constant<MoveLayout>({ kind: 'string' }),
    fc.constant<MoveLayout>({ kind: 'vector', element: { kind: 'u8' } }),
    tagArb.map((tag): MoveLayout => ({ kind: 'object', tag })),
  );
  if (depth <= 1) return leaf;
  const inner = layoutArb(depth - 1);
  return fc.oneof(
    { weight: 3, arbitrary: leaf },
    { weight: 1, arbitrary: inner.map((element): MoveLayout => ({ kind: 'vector', element })) },
    { weight: 1, arbitrary: inner.map((element): MoveLayout => ({ kind: 'option', element })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(tagArb, fieldsArb(inner, 1, []))
        .map(([tag, fields]): MoveLayout => ({ kind: 'struct', tag, fields })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          tagArb,
          fc.uniqueArray(fc.tuple(identifierArb, fieldsArb(inner, 0, ['__variant__'])), {
            minLength: 1,
            maxLength: 4,
            selector: (t) => t[0],
          }),
        )
        .map(([tag, vs]): MoveLayout => ({
          kind: 'enum',
          tag,
          variants: vs.map(([name, fields]) => ({ name, fields })),
        })),
    },
  );
});

/** 32 address bytes, biased to short addresses (leading zeros) like real framework accounts. */
export const addressBytesArb: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.uint8Array({ minLength: 32, maxLength: 32 }),
  fc.bigInt({ min: 0n, max: 0xffffn }).map((v) => {
    const out = new Uint8Array(32);
    out[30] = Number(v >> 8n);
    out[31] = Number(v & 0xffn);
    return out;
  }),
);

/** Every address spelling the node accepts for `bytes`: short, long, without `0x`, upper-case digits, zero-padded. */
export function addressTextArb(bytes: Uint8Array): fc.Arbitrary<string> {
  const short = formatAddress(bytes).slice(2);
  const long = bytesToHex(bytes, false);
  const padded = short.length < 64 ? `0x0${short}` : `0x${short}`;
  return fc.constantFrom(`0x${short}`, `0x${long}`, short, long, `0x${short.toUpperCase()}`, padded);
}

const bigUintArb = (bits: bigint): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.oneof(
        fc.bigInt({ min: 0n, max: (1n << bits) - 1n }),
        fc.constantFrom(0n, 1n, (1n << bits) - 1n, (1n << 53n) + 1n),
      ),
      fc.nat(2),
    )
    .map(([v, zeros]) => '0'.repeat(zeros) + v.toString());

/** A random JSON-in value for `layout`, using the various accepted spellings. */
export function jsonInArb(layout: MoveLayout): fc.Arbitrary<unknown> {
  switch (layout.kind) {
    case 'bool':
      return fc.boolean();
    case 'u8':
      return fc.integer({ min: 0, max: 0xff });
    case 'u16':
      return fc.integer({ min: 0, max: 0xffff });
    case 'u32':
      return fc.integer({ min: 0, max: 0xffff_ffff });
    case 'u64':
      return bigUintArb(64n);
    case 'u128':
      return bigUintArb(128n);
    case 'u256':
      return bigUintArb(256n);
    case 'address':
    case 'signer':
    case 'object':
      return addressBytesArb.chain(addressTextArb);
    case 'string':
      return fc.string({ unit: 'binary', maxLength: 12 });
    case 'vector':
      if (layout.element.kind === 'u8') {
        return fc.tuple(fc.uint8Array({ maxLength: 60 }), fc.boolean(), fc.boolean()).map(([b, prefix, upper]) => {
          const hex = bytesToHex(b, false);
          return (prefix ? '0x' : '') + (upper ? hex.toUpperCase() : hex);
        });
      }
      return fc.array(jsonInArb(layout.element), { maxLength: 4 });
    case 'option':
      return fc.option(jsonInArb(layout.element), { nil: undefined }).map((v) => ({ vec: v === undefined ? [] : [v] }));
    case 'struct':
      return structJsonArb(layout.fields, true);
    case 'enum':
      return fc
        .constantFrom(...layout.variants)
        .chain((variant) => structJsonArb(variant.fields, false).map((fields) => ({ [variant.name]: fields })));
    default:
      return assertNever(layout);
  }
}

/** An object holding every field (own properties, even `__proto__`), plus maybe extra keys the encoder must ignore. */
function structJsonArb(fields: readonly MoveFieldLayout[], extras: boolean): fc.Arbitrary<Record<string, unknown>> {
  const extraArb = extras
    ? fc.dictionary(fc.constantFrom('extra', 'zz_extra', 'Another'), fc.integer(), { maxKeys: 2 })
    : fc.constant({});
  return fc.tuple(fc.tuple(...fields.map((f) => jsonInArb(f.layout))), extraArb).map(([values, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(extra)) if (!fields.some((f) => f.name === key)) out[key] = value;
    fields.forEach((f, i) =>
      Object.defineProperty(out, f.name, { value: values[i], enumerable: true, writable: true, configurable: true }),
    );
    return out;
  });
}

/** Sets a key as an own property, even `__proto__`. */
function put(out: Record<string, MoveJson>, key: string, value: MoveJson): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The JSON the decoder must produce for the JSON-in value `json` of `layout` (keys inserted in sorted order). */
export function expectedJsonOut(json: unknown, layout: MoveLayout): MoveJson {
  const obj = json as Record<string, unknown>;
  switch (layout.kind) {
    case 'bool':
    case 'u8':
    case 'u16':
    case 'u32':
    case 'string':
      return json as MoveJson;
    case 'u64':
    case 'u128':
    case 'u256':
      return BigInt(json as string).toString();
    case 'address':
    case 'signer':
      return normalizeAddress(json as string);
    case 'object':
      return { inner: normalizeAddress(json as string) };
    case 'vector':
      if (layout.element.kind === 'u8') return `0x${(json as string).replace(/^0x/, '').toLowerCase()}`;
      return (json as unknown[]).map((v) => expectedJsonOut(v, layout.element));
    case 'option':
      return { vec: (obj.vec as unknown[]).map((v) => expectedJsonOut(v, layout.element)) };
    case 'struct':
      return sortedObject(layout.fields.map((f) => [f.name, expectedJsonOut(obj[f.name], f.layout)]));
    case 'enum': {
      const name = Object.keys(obj)[0] ?? '';
      const variant = layout.variants.find((v) => v.name === name);
      const fields = obj[name] as Record<string, unknown>;
      const entries: [string, MoveJson][] = (variant?.fields ?? []).map((f) => [
        f.name,
        expectedJsonOut(fields[f.name], f.layout),
      ]);
      entries.push(['__variant__', name]);
      return sortedObject(entries);
    }
    default:
      return assertNever(layout);
  }
}

function sortedObject(entries: [string, MoveJson][]): MoveJson {
  const out: Record<string, MoveJson> = {};
  for (const [k, v] of entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) put(out, k, v);
  return out;
}

/** Random type tags of bounded depth (within the API nesting limit) with varied addresses. */
export const typeTagArb: fc.Memo<TypeTag> = fc.memo((depth: number): fc.Arbitrary<TypeTag> => {
  const leaf = fc.constantFrom<PrimitiveTypeName>(...PRIMITIVES).map((kind): TypeTag => ({ kind }));
  const address = addressBytesArb.map(formatAddress);
  const plainStruct = fc
    .tuple(address, identifierArb, identifierArb)
    .map(([a, m, n]): TypeTag => ({ kind: 'struct', struct: structTag(a, m, n) }));
  if (depth <= 1) return fc.oneof(leaf, plainStruct);
  const inner = typeTagArb(depth - 1);
  return fc.oneof(
    leaf,
    plainStruct,
    inner.map((element): TypeTag => ({ kind: 'vector', element })),
    fc
      .tuple(address, identifierArb, identifierArb, fc.array(inner, { minLength: 1, maxLength: 3 }))
      .map(([a, m, n, args]): TypeTag => ({ kind: 'struct', struct: structTag(a, m, n, args) })),
  );
});

/** Turns decoder output back into encoder input (Object -> its address, enum -> {"Name": {...}}). */
export function jsonOutToIn(value: MoveJson, layout: MoveLayout): unknown {
  const obj = value as Record<string, MoveJson>;
  switch (layout.kind) {
    case 'object':
      return obj.inner;
    case 'vector':
      return layout.element.kind === 'u8' ? value : (value as MoveJson[]).map((v) => jsonOutToIn(v, layout.element));
    case 'option':
      return { vec: (obj.vec as MoveJson[]).map((v) => jsonOutToIn(v, layout.element)) };
    case 'struct': {
      const out: Record<string, unknown> = {};
      for (const f of layout.fields)
        Object.defineProperty(out, f.name, { value: jsonOutToIn(obj[f.name] ?? null, f.layout), enumerable: true });
      return out;
    }
    case 'enum': {
      const name = String(obj.__variant__);
      const variant = layout.variants.find((v) => v.name === name);
      const fields: Record<string, unknown> = {};
      for (const f of variant?.fields ?? [])
        Object.defineProperty(fields, f.name, { value: jsonOutToIn(obj[f.name] ?? null, f.layout), enumerable: true });
      return { [name]: fields };
    }
    case 'bool':
    case 'u8':
    case 'u16':
    case 'u32':
    case 'u64':
    case 'u128':
    case 'u256':
    case 'address':
    case 'signer':
    case 'string':
      return value;
    default:
      return assertNever(layout);
  }
}

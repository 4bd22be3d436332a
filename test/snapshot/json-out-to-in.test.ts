/**
 * A capture writes a transaction's values back as BCS from the node's JSON: JSON out (decodeMoveValue) turned into
 * JSON in (jsonIn) must encode to the very bytes it was decoded from — objects (`{"inner"}` → address) and enums
 * (`{"__variant__"}` → `{Variant: {...}}`) nested in vectors, options and structs.
 */
import { describe, expect, it } from 'vitest';
import { jsonIn } from '../../electron/snapshot/capture/json-out-to-in.ts';
import { decodeMoveValue } from '../../shared/move/decode.ts';
import { encodeMoveValue } from '../../shared/move/encode.ts';
import type { MoveLayout } from '../../shared/move/layout.ts';
import { parseStructTag } from '../../shared/type-tag.ts';

const address = { kind: 'address' } as const;
const u64 = { kind: 'u64' } as const;
const status: MoveLayout = {
  kind: 'enum',
  tag: parseStructTag('0xcafe::registry::Status'),
  variants: [
    { name: 'Active', fields: [{ name: 'since', layout: u64 }] },
    { name: 'Closed', fields: [] },
    {
      name: 'Moved',
      fields: [{ name: 'to', layout: { kind: 'object', tag: parseStructTag('0x1::object::ObjectCore') } }],
    },
  ],
};
const layout: MoveLayout = {
  kind: 'struct',
  tag: parseStructTag('0xcafe::registry::Record'),
  fields: [
    { name: 'owner', layout: address },
    { name: 'token', layout: { kind: 'object', tag: parseStructTag('0x4::token::Token') } },
    { name: 'history', layout: { kind: 'vector', element: status } },
    {
      name: 'parent',
      layout: { kind: 'option', element: { kind: 'object', tag: parseStructTag('0x1::object::ObjectCore') } },
    },
    { name: 'badge', layout: { kind: 'vector', element: { kind: 'u8' } } },
    { name: 'name', layout: { kind: 'string' } },
  ],
};

describe('jsonIn (JSON out → JSON in)', () => {
  it('re-encodes a decoded value to the same bytes', () => {
    const json = {
      owner: '0xcafe',
      token: '0x' + 'ab'.repeat(32),
      history: [{ Active: { since: '12' } }, { Closed: {} }, { Moved: { to: '0x5' } }],
      parent: { vec: ['0x7'] },
      badge: '0x0102ff',
      name: 'sample',
    };
    const bytes = encodeMoveValue(json, layout);
    const shown = decodeMoveValue(bytes, layout) as Record<string, unknown>;
    // The node's shapes: objects as {"inner"}, enums with "__variant__".
    expect(shown.token).toEqual({ inner: `0x${'ab'.repeat(32)}` });
    expect((shown.history as unknown[])[0]).toEqual({ __variant__: 'Active', since: '12' });
    expect(() => encodeMoveValue(shown, layout)).toThrow();
    expect(encodeMoveValue(jsonIn(shown, layout), layout)).toEqual(bytes);
  });

  it('leaves a value of the wrong shape for the encoder to refuse', () => {
    expect(jsonIn({ inner: 5 }, { kind: 'object', tag: parseStructTag('0x1::object::ObjectCore') })).toEqual({
      inner: 5,
    });
    expect(jsonIn('text', status)).toBe('text');
  });
});

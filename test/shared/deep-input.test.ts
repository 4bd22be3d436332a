/**
 * Input nested 10,000 deep at every codec entry that walks nested input: type tags (text, ABI text, BCS), Move
 * values ↔ JSON by layout, layouts of self-referencing ABIs, and the JSON shape scan. Each is refused with the
 * codec's error at its bound (8 type-tag levels, 64 ABI levels, 128 layout levels), never a RangeError.
 */
import { describe, expect, it } from 'vitest';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { CodecError } from '../../shared/codec-error.ts';
import { jsonShapeExcess } from '../../shared/json-shape.ts';
import { decodeMoveValue } from '../../shared/move/decode.ts';
import { encodeMoveValue } from '../../shared/move/encode.ts';
import { resolveLayout, type MoveLayout } from '../../shared/move/layout.ts';
import type { MoveModuleAbi } from '../../shared/move/abi.ts';
import { parseAbiType, parseTypeTag, readTypeTag } from '../../shared/type-tag.ts';

const DEPTH = 10_000;

/** The error `run` throws (fails when it returns). */
function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

/** An array nested `depth` deep, built without recursion. */
function deepArray(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i += 1) value = [value];
  return value;
}

describe('input nested 10,000 deep', () => {
  it('type tags: text, ABI text and BCS stop at their nesting bound', () => {
    const text = `${'vector<'.repeat(DEPTH)}u8${'>'.repeat(DEPTH)}`;
    expect(errorOf(() => parseTypeTag(text))).toBeInstanceOf(CodecError);
    expect(errorOf(() => parseAbiType(text, []))).toBeInstanceOf(CodecError);
    const bytes = new Uint8Array(DEPTH + 1).fill(6);
    bytes[DEPTH] = 1;
    const error = errorOf(() => readTypeTag(new BcsReader(bytes)));
    expect(error).toBeInstanceOf(CodecError);
    expect((error as Error).message).toMatch(/nested at most 8 levels/);
  });

  it('Move values: JSON of any depth against a layout is walked only as deep as the layout', () => {
    const layout: MoveLayout = { kind: 'vector', element: { kind: 'vector', element: { kind: 'u64' } } };
    expect(errorOf(() => encodeMoveValue(deepArray(DEPTH), layout))).toBeInstanceOf(CodecError);
    const bytes = new Uint8Array(DEPTH).fill(1);
    expect(errorOf(() => decodeMoveValue(bytes, layout))).toBeInstanceOf(CodecError);
  });

  it('layouts: a struct that holds itself stops at 128 levels', () => {
    const abi: MoveModuleAbi = {
      address: '0x1',
      name: 'm',
      friends: [],
      exposed_functions: [],
      structs: [
        {
          name: 'S',
          is_native: false,
          abilities: [],
          generic_type_params: [],
          fields: [{ name: 'next', type: 'vector<0x1::m::S>' }],
        },
      ],
    };
    const error = errorOf(() => resolveLayout(parseTypeTag('0x1::m::S'), () => abi));
    expect(error).toBeInstanceOf(CodecError);
    expect((error as Error).message).toMatch(/deeper than 128 levels/);
  });

  it('the JSON shape scan measures 10,000 and 1,000,000 levels in one pass', () => {
    const limits = { maxDepth: 130, maxValues: 100_000 };
    expect(jsonShapeExcess(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`, limits)).toEqual({
      kind: 'depth',
      limit: 130,
      offset: 130,
    });
    expect(jsonShapeExcess('['.repeat(1_000_000), { maxDepth: 2_000_000, maxValues: 2_000_000 })).toBeUndefined();
    expect(jsonShapeExcess(`["[[[[",{"a":"]]]\\"["}]`, { maxDepth: 2, maxValues: 10 })).toBeUndefined();
    expect(jsonShapeExcess(`[${'0,'.repeat(100_000)}0]`, limits)).toEqual({ kind: 'values', limit: 100_000 });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../../shared/hex.ts';
import { decodeMoveValueWithSpans, type ValueSpan } from '../../shared/move/decode.ts';
import { encodeMoveValue } from '../../shared/move/encode.ts';
import type { MoveLayout } from '../../shared/move/layout.ts';
import type { MoveJson } from '../../shared/move/move-json.ts';
import { structTag } from '../../shared/type-tag.ts';
import { jsonInArb, layoutArb } from './arbitraries.ts';

const simple = (spans: readonly ValueSpan[]) => spans.map((s) => [s.path.join('/'), s.start, s.end]);

describe('decodeMoveValueWithSpans', () => {
  it('gives each node its [start, end) in a nested example', () => {
    const layout: MoveLayout = {
      kind: 'struct',
      tag: structTag('0x1', 'm', 'Outer'),
      fields: [
        { name: 'n', layout: { kind: 'u16' } },
        { name: 'list', layout: { kind: 'vector', element: { kind: 'option', element: { kind: 'u8' } } } },
        { name: 'bytes', layout: { kind: 'vector', element: { kind: 'u8' } } },
        { name: 'obj', layout: { kind: 'object', tag: structTag('0x1', 'object', 'Object', [{ kind: 'u8' }]) } },
        {
          name: 'e',
          layout: {
            kind: 'enum',
            tag: structTag('0x1', 'm', 'E'),
            variants: [
              { name: 'A', fields: [] },
              { name: 'B', fields: [{ name: 'x', layout: { kind: 'bool' } }] },
            ],
          },
        },
      ],
    };
    // n=0x0102 | list: 2 items, None, Some(9) | bytes: [aa bb] | obj: 0x1 | e: B { x: true }
    const hex = '0201' + '02' + '00' + '0109' + '02aabb' + '00'.repeat(31) + '01' + '01' + '01';
    const { value, spans } = decodeMoveValueWithSpans(hexToBytes(hex), layout);
    expect(value).toEqual({
      bytes: '0xaabb',
      e: { __variant__: 'B', x: true },
      list: [{ vec: [] }, { vec: [9] }],
      n: 0x0102,
      obj: { inner: '0x1' },
    });
    expect(simple(spans)).toEqual([
      ['', 0, 43],
      ['n', 0, 2],
      ['list', 2, 6],
      ['list/0', 3, 4],
      ['list/0/vec', 3, 4],
      ['list/1', 4, 6],
      ['list/1/vec', 4, 6],
      ['list/1/vec/0', 5, 6],
      ['bytes', 6, 9],
      ['obj', 9, 41],
      ['obj/inner', 9, 41],
      ['e', 41, 43],
      ['e/__variant__', 41, 42],
      ['e/x', 42, 43],
    ]);
    expect(spans[3]?.path).toEqual(['list', 0]);
  });

  it('each child span is inside its parent, siblings ordered, the root is [0, length), one span per JSON node', () => {
    const arb = layoutArb(4).chain((layout) => jsonInArb(layout).map((json) => ({ layout, json })));
    fc.assert(
      fc.property(arb, ({ layout, json }) => {
        const bytes = encodeMoveValue(json, layout);
        const { value, spans } = decodeMoveValueWithSpans(bytes, layout);
        expect(spans[0]).toEqual({ path: [], start: 0, end: bytes.length });
        const byPath = new Map(spans.map((s) => [JSON.stringify(s.path), s]));
        expect(byPath.size).toBe(spans.length);
        let lastEndOf = new Map<string, number>();
        for (const span of spans.slice(1)) {
          const parentKey = JSON.stringify(span.path.slice(0, -1));
          const parent = byPath.get(parentKey);
          expect(parent).toBeDefined();
          if (parent === undefined) return;
          expect(span.start).toBeGreaterThanOrEqual(parent.start);
          expect(span.end).toBeLessThanOrEqual(parent.end);
          expect(span.start).toBeLessThanOrEqual(span.end);
          expect(span.start).toBeGreaterThanOrEqual(lastEndOf.get(parentKey) ?? parent.start);
          lastEndOf = lastEndOf.set(parentKey, span.end);
          expect(at(value, span.path)).not.toBeUndefined();
        }
        expect(spans.length).toBe(countNodes(value));
      }),
      { numRuns: 1000 },
    );
  });
});

function at(value: MoveJson, path: readonly (string | number)[]): MoveJson | undefined {
  let node: MoveJson | undefined = value;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = Array.isArray(node)
      ? (node as readonly MoveJson[])[key as number]
      : Object.hasOwn(node, key)
        ? (node as Record<string, MoveJson>)[key]
        : undefined;
  }
  return node;
}

function countNodes(value: MoveJson): number {
  if (value === null || typeof value !== 'object') return 1;
  const children: readonly MoveJson[] = Array.isArray(value) ? (value as readonly MoveJson[]) : Object.values(value);
  return 1 + children.reduce((n: number, child) => n + countNodes(child), 0);
}

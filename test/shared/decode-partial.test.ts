import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../../shared/hex.ts';
import { decodeMoveValueWithSpans } from '../../shared/move/decode.ts';
import { decodeMoveValuePartial } from '../../shared/move/decode-partial.ts';
import { encodeMoveValue } from '../../shared/move/encode.ts';
import type { MoveLayout } from '../../shared/move/layout.ts';
import { structTag } from '../../shared/type-tag.ts';
import { jsonInArb, layoutArb } from './arbitraries.ts';

const layout: MoveLayout = {
  kind: 'struct',
  tag: structTag('0x1', 'm', 'Outer'),
  fields: [
    { name: 'n', layout: { kind: 'u16' } },
    {
      name: 'list',
      layout: {
        kind: 'vector',
        element: {
          kind: 'struct',
          tag: structTag('0x1', 'm', 'Inner'),
          fields: [
            { name: 'flag', layout: { kind: 'bool' } },
            { name: 'amount', layout: { kind: 'u64' } },
          ],
        },
      },
    },
    { name: 'tail', layout: { kind: 'u8' } },
  ],
};

describe('decodeMoveValuePartial', () => {
  it('keeps everything decoded before a bad byte and names the offset and field path', () => {
    // n=0x0102 | list: 2 items: {true, 5}, {flag = 7 (not a bool) ...}
    const hex = '0201' + '02' + '01' + '0500000000000000' + '07' + '0000000000000000' + '09';
    const result = decodeMoveValuePartial(hexToBytes(hex), layout);
    expect(result.failure?.offset).toBe(12);
    expect(result.failure?.path).toEqual(['list', 1, 'flag']);
    expect(result.failure?.reason).toContain('at byte 12');
    expect(result.value).toEqual({ n: 0x0102, list: [{ flag: true, amount: '5' }, {}] });
    const open = result.spans.find((s) => s.path.join('/') === 'list/1/flag');
    expect(open).toEqual({ path: ['list', 1, 'flag'], start: 12, end: 13 });
  });

  it('reports truncated input at the end with the field being read', () => {
    const result = decodeMoveValuePartial(hexToBytes('0201' + '00'), layout);
    expect(result.failure?.path).toEqual(['tail']);
    expect(result.failure?.offset).toBe(3);
    expect(result.value).toEqual({ n: 0x0102, list: [] });
  });

  it('reports trailing bytes at the root with the whole value decoded', () => {
    const result = decodeMoveValuePartial(hexToBytes('0201' + '00' + '09' + 'ff'), layout);
    expect(result.failure?.path).toEqual([]);
    expect(result.failure?.offset).toBe(4);
    expect(result.value).toEqual({ n: 0x0102, list: [], tail: 9 });
  });

  it('equals the strict decoder on every valid input', () => {
    const arb = layoutArb(3).chain((l) => jsonInArb(l).map((json) => ({ l, json })));
    fc.assert(
      fc.property(arb, ({ l, json }) => {
        const bytes = encodeMoveValue(json, l);
        const strict = decodeMoveValueWithSpans(bytes, l);
        const partial = decodeMoveValuePartial(bytes, l);
        expect(partial.failure).toBeUndefined();
        expect(partial.value).toEqual(strict.value);
        expect(partial.spans).toEqual(strict.spans);
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on corrupted bytes and its spans stay inside the input', () => {
    const arb = layoutArb(3)
      .chain((l) => jsonInArb(l).map((json) => ({ l, json })))
      .chain(({ l, json }) => {
        const bytes = encodeMoveValue(json, l);
        return fc.record({
          l: fc.constant(l),
          bytes: fc.constant(bytes),
          at: fc.nat(Math.max(0, bytes.length)),
          byte: fc.integer({ min: 0, max: 255 }),
          cut: fc.boolean(),
        });
      });
    fc.assert(
      fc.property(arb, ({ l, bytes, at, byte, cut }) => {
        const corrupted = cut ? bytes.slice(0, at) : Uint8Array.from([...bytes.slice(0, at), byte, ...bytes.slice(at)]);
        const result = decodeMoveValuePartial(corrupted, l);
        for (const s of result.spans) {
          expect(s.start).toBeGreaterThanOrEqual(0);
          expect(s.end).toBeLessThanOrEqual(Math.max(corrupted.length, s.start));
        }
        if (result.failure) expect(result.failure.offset).toBeLessThanOrEqual(corrupted.length);
      }),
      { numRuns: 300 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError } from '../../shared/codec-error.ts';
import { decodeMoveValue, decodeMoveValueWithSpans } from '../../shared/move/decode.ts';
import { encodeMoveValue } from '../../shared/move/encode.ts';
import type { MoveLayout } from '../../shared/move/layout.ts';
import { expectedJsonOut, jsonInArb, jsonOutToIn, layoutArb } from './arbitraries.ts';

const RUNS = { numRuns: 1000 };

const layoutWithValue = layoutArb(4).chain((layout) => jsonInArb(layout).map((json) => ({ layout, json })));

/** True when `run` succeeds or throws a CodecError; any other exception fails the property. */
function onlyCodecErrors(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
  }
}

describe('Move value properties', () => {
  it('(a) JSON in -> BCS -> JSON out gives the expected JSON (keys in order) and re-encodes to the same bytes', () => {
    fc.assert(
      fc.property(layoutWithValue, ({ layout, json }) => {
        const bytes = encodeMoveValue(json, layout);
        const decoded = decodeMoveValue(bytes, layout);
        expect(JSON.stringify(decoded)).toBe(JSON.stringify(expectedJsonOut(json, layout)));
        // JSON out, mapped back to JSON in (Object and enums differ), re-encodes to the same bytes.
        expect(encodeMoveValue(jsonOutToIn(decoded, layout), layout)).toEqual(bytes);
        const withSpans = decodeMoveValueWithSpans(bytes, layout);
        expect(JSON.stringify(withSpans.value)).toBe(JSON.stringify(decoded));
      }),
      RUNS,
    );
  });

  it('(b) random bytes with a random layout decode or throw a CodecError, nothing else', () => {
    fc.assert(
      fc.property(layoutArb(4), fc.uint8Array({ maxLength: 96 }), (layout: MoveLayout, bytes) => {
        onlyCodecErrors(() => decodeMoveValue(bytes, layout));
        onlyCodecErrors(() => decodeMoveValueWithSpans(bytes, layout));
      }),
      RUNS,
    );
  });

  it('(b) mutated valid encodings (flipped, truncated, extended) decode or throw a CodecError', () => {
    const mutation = fc.record({
      index: fc.nat(),
      value: fc.integer({ min: 0, max: 255 }),
      cut: fc.nat(),
      extra: fc.uint8Array({ maxLength: 3 }),
    });
    fc.assert(
      fc.property(layoutWithValue, mutation, ({ layout, json }, m) => {
        const bytes = encodeMoveValue(json, layout);
        const flipped = Uint8Array.from(bytes);
        if (flipped.length > 0) flipped[m.index % flipped.length] = m.value;
        const truncated = bytes.subarray(0, bytes.length === 0 ? 0 : m.cut % bytes.length);
        const extended = Uint8Array.from([...bytes, ...m.extra]);
        for (const input of [flipped, truncated, extended]) {
          onlyCodecErrors(() => decodeMoveValue(input, layout));
          onlyCodecErrors(() => decodeMoveValueWithSpans(input, layout));
        }
        if (m.extra.length > 0) expect(() => decodeMoveValue(extended, layout)).toThrow(CodecError);
        if (truncated.length < bytes.length) expect(() => decodeMoveValue(truncated, layout)).toThrow(CodecError);
      }),
      RUNS,
    );
  });

  it('random JSON with a random layout encodes or throws a CodecError, nothing else', () => {
    fc.assert(
      fc.property(layoutArb(3), fc.jsonValue({ maxDepth: 3 }), (layout, json) => {
        onlyCodecErrors(() => encodeMoveValue(json, layout));
      }),
      RUNS,
    );
  });
});

/**
 * Decoding for inspection tools: like decodeMoveValueWithSpans, but a failure does not throw away
 * what was read. The result carries everything decoded up to the failing byte (containers are
 * attached to their parent before their children are read), every span (open ones end at the
 * failing offset), and the failure: offset, the field path being read, and the reason.
 * On success the value and spans equal decodeMoveValueWithSpans's.
 */
import { BcsReader } from '../bcs/bcs-reader.ts';
import { BcsError, CodecError } from '../codec-error.ts';
import { decodeMoveValueWithSpans, type ValueSpan } from './decode.ts';
import { decoderFor, minSize, VARIANT_KEY } from './decoders.ts';
import type { MoveFieldLayout, MoveLayout } from './layout.ts';
import type { MoveJson } from './move-json.ts';

/** Where and why a partial decode stopped. */
export interface DecodeFailure {
  /** Byte offset of the failure (BcsError's offset; the input length for trailing bytes). */
  readonly offset: number;
  /** Path of the innermost value being read when it failed (`[]` = the root; `[]` too for trailing bytes). */
  readonly path: readonly (string | number)[];
  /** The codec's message. */
  readonly reason: string;
}

/** A decode that may have stopped early. */
export interface PartialDecode {
  /** The value as far as it was read (`undefined` when not even the root started). */
  readonly value: MoveJson | undefined;
  /** Spans in pre-order; spans still open at the failure end at its offset. */
  readonly spans: readonly ValueSpan[];
  readonly failure: DecodeFailure | undefined;
}

type Mutable = { [key: string]: MoveJson } | MoveJson[];

interface OpenSpan {
  readonly path: readonly (string | number)[];
  readonly start: number;
  end: number;
  open: boolean;
}

/** Decodes `bytes` as `layout`, keeping the partial value and spans when the bytes are malformed. */
export function decodeMoveValuePartial(bytes: Uint8Array, layout: MoveLayout): PartialDecode {
  try {
    const { value, spans } = decodeMoveValueWithSpans(bytes, layout);
    return { value, spans, failure: undefined };
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
  }
  const r = new BcsReader(bytes);
  const spans: OpenSpan[] = [];
  const root: { value: MoveJson | undefined } = { value: undefined };
  try {
    read(r, layout, [], spans, (v) => {
      root.value = v;
    });
    r.assertFinished();
    // Unreachable in practice (the strict decode failed), kept so the result is always honest.
    return { value: root.value, spans: spans.map(close), failure: undefined };
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    const offset = error instanceof BcsError ? error.offset : r.offset;
    const innermost = [...spans].reverse().find((s) => s.open);
    for (const s of spans) if (s.open) s.end = Math.max(s.start, Math.min(bytes.length, offset + 1));
    return {
      value: root.value,
      spans: spans.map(close),
      failure: { offset, path: innermost?.path ?? [], reason: error.message },
    };
  }
}

function close(s: OpenSpan): ValueSpan {
  return { path: s.path, start: s.start, end: s.end };
}

function spanned(r: BcsReader, path: readonly (string | number)[], spans: OpenSpan[], body: () => void): void {
  const span: OpenSpan = { path, start: r.offset, end: r.offset, open: true };
  spans.push(span);
  body();
  span.end = r.offset;
  span.open = false;
}

function readFieldsInto(
  r: BcsReader,
  fields: readonly MoveFieldLayout[],
  out: { [key: string]: MoveJson },
  path: readonly (string | number)[],
  spans: OpenSpan[],
): void {
  for (const field of fields) {
    // Define, not assign: `__proto__` is a valid Move field name.
    read(r, field.layout, [...path, field.name], spans, (v) => {
      Object.defineProperty(out, field.name, { value: v, enumerable: true, writable: true, configurable: true });
    });
  }
}

/** Reads one value, handing containers to `attach` before their contents are read. */
function read(
  r: BcsReader,
  layout: MoveLayout,
  path: readonly (string | number)[],
  spans: OpenSpan[],
  attach: (value: MoveJson) => void,
): void {
  spanned(r, path, spans, () => {
    switch (layout.kind) {
      case 'object': {
        const out: Mutable = {};
        attach(out);
        spanned(r, [...path, 'inner'], spans, () => {
          out.inner = decoderFor({ kind: 'address' })(r);
        });
        return;
      }
      case 'option': {
        const vec: MoveJson[] = [];
        attach({ vec });
        spanned(r, [...path, 'vec'], spans, () => {
          r.option((inner) => {
            read(inner, layout.element, [...path, 'vec', 0], spans, (v) => vec.push(v));
            return true;
          });
        });
        return;
      }
      case 'vector': {
        if (layout.element.kind === 'u8') {
          attach(decoderFor(layout)(r));
          return;
        }
        const out: MoveJson[] = [];
        attach(out);
        const n = r.count('vector', minSize(layout.element));
        for (let i = 0; i < n; i += 1) read(r, layout.element, [...path, i], spans, (v) => out.push(v));
        return;
      }
      case 'struct': {
        const out: { [key: string]: MoveJson } = {};
        attach(out);
        readFieldsInto(r, layout.fields, out, path, spans);
        return;
      }
      case 'enum': {
        const out: { [key: string]: MoveJson } = {};
        attach(out);
        let index = -1;
        const at = r.offset;
        spanned(r, [...path, VARIANT_KEY], spans, () => {
          index = r.variantIndex();
        });
        const variant = layout.variants[index];
        if (variant === undefined) throw new BcsError(at, `variant index below ${layout.variants.length}`, `${index}`);
        out[VARIANT_KEY] = variant.name;
        readFieldsInto(r, variant.fields, out, path, spans);
        return;
      }
      default:
        // Scalars (and String, signer, address): one compiled read, nothing partial inside.
        attach(decoderFor(layout)(r));
    }
  });
}

/**
 * Printing a JSON value (parsed input, a decoded Move value) for a message, without recursion and without printing
 * more than a short prefix: the walk keeps its own stack, so a value nested 10,000 deep cannot overflow the call stack,
 * and it stops once `max` characters are written, so a value of millions of elements costs no more than its prefix.
 * Two notations: JSON, and Rust's `Debug` of serde_json values (how the node prints view arguments).
 */
import { QUOTE_PREFIX_CHARS } from './quote-input.ts';

/** `json`: JSON text; `debug`: serde_json's Debug (`[String("0x1"), Number(5), Object {"a": Null}]`). */
export type JsonNotation = 'json' | 'debug';

type Frame =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'items'; readonly items: readonly unknown[]; index: number }
  | {
      readonly kind: 'members';
      readonly entries: readonly (readonly [string, unknown])[];
      index: number;
      written: boolean;
    };

function leaf(value: unknown, notation: JsonNotation, max: number): string {
  if (value === null || value === undefined) return notation === 'json' ? 'null' : 'Null';
  if (typeof value === 'boolean') return notation === 'json' ? String(value) : `Bool(${value})`;
  if (typeof value === 'number') return notation === 'json' ? String(value) : `Number(${value})`;
  if (typeof value === 'bigint') return notation === 'json' ? value.toString() : `Number(${value})`;
  if (typeof value === 'string') {
    // Only the prefix can be shown: stringifying all of an 8 MiB string would cost what the cap saves.
    const quoted = JSON.stringify(value.length > max ? value.slice(0, max) : value);
    return notation === 'json' ? quoted : `String(${quoted})`;
  }
  return String(value);
}

/**
 * `value` printed in `notation`, at most `max` characters of it, then `…` when it was cut short. Strings inside are
 * quoted whole, so a single long string is cut inside its quotes.
 */
export function previewJson(value: unknown, notation: JsonNotation = 'json', max: number = QUOTE_PREFIX_CHARS): string {
  let out = '';
  const stack: Frame[] = [{ kind: 'value', value }];
  while (stack.length > 0) {
    if (out.length > max) return `${out.slice(0, max)}…`;
    const frame = stack[stack.length - 1];
    if (frame === undefined) break;
    if (frame.kind === 'text') {
      stack.pop();
      out += frame.text;
    } else if (frame.kind === 'value') {
      stack.pop();
      const v = frame.value;
      if (Array.isArray(v)) {
        out += '[';
        stack.push({ kind: 'text', text: ']' }, { kind: 'items', items: v, index: 0 });
      } else if (typeof v === 'object' && v !== null) {
        out += notation === 'json' ? '{' : 'Object {';
        stack.push(
          { kind: 'text', text: '}' },
          { kind: 'members', entries: Object.entries(v), index: 0, written: false },
        );
      } else {
        out += leaf(v, notation, max);
      }
    } else if (frame.kind === 'items') {
      if (frame.index >= frame.items.length) {
        stack.pop();
        continue;
      }
      if (frame.index > 0) out += notation === 'json' ? ',' : ', ';
      stack.push({ kind: 'value', value: frame.items[frame.index] });
      frame.index += 1;
    } else {
      const entry = frame.entries[frame.index];
      if (entry === undefined) {
        stack.pop();
        continue;
      }
      if (notation === 'json' && entry[1] === undefined) {
        // JSON.stringify leaves out a member whose value is undefined; so does this.
        frame.index += 1;
        continue;
      }
      if (frame.written) out += notation === 'json' ? ',' : ', ';
      frame.written = true;
      out += `${JSON.stringify(entry[0])}${notation === 'json' ? ':' : ': '}`;
      stack.push({ kind: 'value', value: entry[1] });
      frame.index += 1;
    }
  }
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

/**
 * The whole of `value` as compact JSON text, as `JSON.stringify` writes it for parsed JSON: by `JSON.stringify` itself
 * (native, fast), and, when that overflows the stack (a value nested about 10,000 deep: a remote node's answer, a
 * crafted file), by the walk above, which has no recursion — text, not a RangeError.
 */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return previewJson(value, 'json', Number.POSITIVE_INFINITY);
  }
}

/**
 * Quoting input in messages: a short prefix and the whole size (shared/quote-input.ts), and JSON values printed
 * without recursion and cut short (shared/json-preview.ts), whatever their size or depth.
 */
import { describe, expect, it } from 'vitest';
import { previewJson } from '../../shared/json-preview.ts';
import { quoteInput, quoteString, utf8Length } from '../../shared/quote-input.ts';
import { hexToBytes } from '../../shared/hex.ts';
import { parseAddress } from '../../shared/address.ts';
import { parseTypeTag } from '../../shared/type-tag.ts';

/** An array nested `depth` deep around `leaf`, built without recursion. */
function deep(depth: number, leaf: unknown = 1): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

describe('quoteInput', () => {
  it('keeps short text, cuts long text to 100 characters and names its size in bytes', () => {
    expect(quoteInput('0x1')).toBe('0x1');
    const long = 'é'.repeat(1_000_000);
    const quoted = quoteInput(long);
    expect(quoted).toBe(`${'é'.repeat(100)}… (2000000 bytes)`);
    expect(quoteString('a"b')).toBe('"a\\"b"');
    expect(quoteString('x'.repeat(500))).toBe(`"${'x'.repeat(100)}"… (500 bytes)`);
  });

  it('never splits a surrogate pair and counts bytes as UTF-8', () => {
    const text = `${'a'.repeat(99)}😀${'b'.repeat(50)}`;
    expect(quoteInput(text)).toBe(`${'a'.repeat(99)}… (${new TextEncoder().encode(text).length} bytes)`);
    for (const sample of ['', 'abc', 'é', '😀', '\ud800x', 'a\udc00']) {
      expect(utf8Length(sample)).toBe(new TextEncoder().encode(sample).length);
    }
  });

  it('is what the codec messages quote: hex, addresses and type tags of 1 MB stay short', () => {
    const messageOf = (run: () => unknown): string => {
      try {
        run();
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected a throw');
    };
    for (const message of [
      messageOf(() => hexToBytes(`0x${'a'.repeat(1_000_001)}`)),
      messageOf(() => parseAddress('z'.repeat(1_000_000))),
      messageOf(() => parseTypeTag(`x${'y'.repeat(1_000_000)}`)),
    ]) {
      expect(message.length).toBeLessThan(300);
      expect(message).toMatch(/… \(100000\d bytes\)/);
    }
  });
});

describe('previewJson', () => {
  it('prints JSON and serde Debug notation like JSON.stringify and the node', () => {
    const value = { a: [1, 'x', null, true], b: {} };
    expect(previewJson(value)).toBe(JSON.stringify(value));
    expect(previewJson(['0x1', 5, true, null], 'debug')).toBe('[String("0x1"), Number(5), Bool(true), Null]');
    expect(previewJson({ k: [] }, 'debug')).toBe('Object {"k": []}');
  });

  it('prints a value nested 10,000 and 1,000,000 deep without overflowing the stack', () => {
    expect(previewJson(deep(10_000))).toBe(`${'['.repeat(100)}…`);
    expect(previewJson(deep(1_000_000), 'debug', 20)).toBe(`${'['.repeat(20)}…`);
  });

  it('stops after its prefix: a million elements or a 10 MB string cost no more than the prefix', () => {
    const many = Array.from({ length: 1_000_000 }, (_, i) => i);
    expect(previewJson(many, 'json', 20)).toBe('[0,1,2,3,4,5,6,7,8,9…');
    expect(previewJson(['x'.repeat(10_000_000)], 'json', 10)).toBe('["xxxxxxxx…');
  });
});

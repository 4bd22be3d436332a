/**
 * Decimal text (a version, a height, a count, a port) is checked by the ledger kernel (shared/ledger/u64.ts:
 * `isDecimalText`, `isU64Text`, `readDecimal`, `decimalU64`), not by a regular expression of each caller's own: the
 * kernel knows the u64 bound and the node's rules, and one place keeps every layer's answer the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const KERNEL = 'shared/ledger/u64.ts';
/** A whole-text digits pattern: `/^\d+$/`, `/^[0-9]+$/`, `/^\d{1,20}$/` and the like. */
const AD_HOC = /\/\^(?:\\d|\[0-9\])(?:\+|\*|\{\d*,?\d*\})\$\//;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('decimal checks', () => {
  it('go through the ledger kernel: no digits-only regular expression elsewhere', () => {
    const found = ['electron', 'renderer', 'shared']
      .flatMap((dir) => sources(dir))
      .filter((path) => relative('.', path) !== KERNEL)
      .flatMap((path) =>
        readFileSync(join(ROOT, path), 'utf8')
          .split('\n')
          .flatMap((line, i) => (AD_HOC.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });

  it('would catch one', () => {
    for (const line of ['if (/^\\d+$/.test(text))', 'const V = /^[0-9]+$/;', 'ok = /^\\d{1,20}$/.test(v)'])
      expect(AD_HOC.test(line), line).toBe(true);
    expect(AD_HOC.test('isU64Text(text)')).toBe(false);
  });
});

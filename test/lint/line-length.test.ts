/**
 * Lines are at most 120 characters (the team's style). Prettier wraps code and comments to that width, but it
 * cannot break a long string literal, a test name or a line inside a template, so this test scans every tracked
 * source file and names each line over the limit.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const MAX_LINE = 120;
/** The source kinds the limit applies to; Markdown is prose and is left to its own wrapping. */
const CHECKED = /\.(?:ts|tsx|js|mjs|cjs|css|ya?ml|json)$/;
/**
 * Data, not source: npm's lock files, the recorded replies (test/support/record-replies.ts) and a real node's reply
 * kept exactly as sent (test/support/mainnet-user-transaction-3556737308.json).
 */
const EXEMPT = new Set(['package-lock.json', 'replies-recording.json', 'mainnet-user-transaction-3556737308.json']);

/** `file:line (N characters)` for each line of `text` longer than `max` characters (code points, not bytes). */
function longLines(file: string, text: string, max = MAX_LINE): string[] {
  const found: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const length = [...line].length;
    if (length > max) found.push(`${file}:${index + 1} (${length} characters)`);
  });
  return found;
}

/**
 * The repository's files of the checked kinds as git sees them: tracked, plus new files not yet added (so a
 * change is checked before its commit); ignored and generated files stay out, and so do files deleted in the tree.
 */
function checkedFiles(): string[] {
  const args = ['ls-files', '-z', '--cached', '--others', '--exclude-standard'];
  const listed = execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\0');
  return [...new Set(listed)].filter(
    (file) => CHECKED.test(file) && !EXEMPT.has(file.split('/').at(-1) ?? '') && existsSync(join(ROOT, file)),
  );
}

describe('line length', () => {
  it('names the file and line of each line over the limit, counting characters rather than bytes', () => {
    const text = ['short', 'x'.repeat(MAX_LINE), 'y'.repeat(MAX_LINE + 1), '—'.repeat(MAX_LINE)].join('\n');
    expect(longLines('a/b.ts', text)).toEqual([`a/b.ts:3 (${MAX_LINE + 1} characters)`]);
  });

  it('holds for every tracked source file (ts, tsx, js, css, yml, json; not package-lock.json)', () => {
    const files = checkedFiles();
    // The scan must see the tree: a git failure or an empty listing would make it pass vacuously.
    expect(files).toContain('package.json');
    expect(files.some((file) => file.startsWith('renderer/') && file.endsWith('.tsx'))).toBe(true);
    expect(files).not.toContain('package-lock.json');
    const over = files.flatMap((file) => longLines(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(over, `lines over ${MAX_LINE} characters:\n${over.join('\n')}`).toEqual([]);
  });
});

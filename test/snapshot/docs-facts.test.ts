/**
 * Facts the documentation states that code can check: the snapshot format's application id (hex and
 * decimal), that docs/api.md and the node-behaviour and read-API notes point only at files inside this
 * repository, and that every section the code cites in those notes exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_APPLICATION_ID } from '../../electron/snapshot/schema.ts';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

describe('documented facts', () => {
  it('docs/snapshot-format.md gives the application id in decimal and hex as the code writes it', () => {
    const row = read('docs/snapshot-format.md')
      .split('\n')
      .find((line) => line.includes('`PRAGMA application_id`'));
    const match = /`(\d+)` \(`0x([0-9A-Fa-f]+)`, ASCII `([A-Z]{4})`\)/.exec(row ?? '');
    expect(match, row).not.toBeNull();
    expect(Number(match![1])).toBe(SNAPSHOT_APPLICATION_ID);
    expect(Number.parseInt(match![2]!, 16)).toBe(SNAPSHOT_APPLICATION_ID);
    expect(Buffer.from(match![3]!, 'latin1').readUInt32BE(0)).toBe(SNAPSHOT_APPLICATION_ID);
  });

  it('docs/api.md names and links only files inside the repository', () => {
    const text = read('docs/api.md');
    expect(text).not.toMatch(/shared\/reference|node-behaviour\.md|read-api-spec\.md|\.\.\//);
    const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((target) => !/^[a-z]+:/.test(target));
    const named = [...text.matchAll(/[\w./-]+\.(?:md|ts)\b/g)].map((m) => m[0]);
    for (const path of [...links, ...named]) {
      expect(existsSync(join(root, 'docs', path)) || existsSync(join(root, path)), path).toBe(true);
    }
  });

  it('docs/node-behaviour.md and docs/read-api-notes.md name and link only files inside the repository', () => {
    for (const doc of ['docs/node-behaviour.md', 'docs/read-api-notes.md']) {
      const text = read(doc);
      expect(text, doc).not.toMatch(/shared\/reference|read-api-spec\.md|\.\.\//);
      const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!);
      const named = [...text.matchAll(/[\w./-]+\.(?:md|tsx?)\b/g)].map((m) => m[0]);
      for (const path of [...links, ...named]) {
        expect(existsSync(join(root, 'docs', path)) || existsSync(join(root, path)), `${doc}: ${path}`).toBe(true);
      }
    }
  });

  it('has every section of the notes that is cited (docs/node-behaviour.md §N, read-API notes by heading)', () => {
    const headings = (doc: string): string[] =>
      read(doc)
        .split('\n')
        .filter((line) => line.startsWith('#'))
        .map((line) => line.replace(/^#+\s*/, ''));
    const behaviour = headings('docs/node-behaviour.md');
    const notes = headings('docs/read-api-notes.md');
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\0')
      .filter((file) => /\.(?:ts|tsx|js|md)$/.test(file) && existsSync(join(root, file)));
    let cited = 0;
    for (const file of files) {
      const text = read(file);
      for (const match of text.matchAll(/node-behaviour\.md §(\d+)(?: (status|paging) table)?(?: and §(\d+))?/g)) {
        for (const section of [match[1]!, match[3]].filter((n) => n !== undefined)) {
          cited += 1;
          expect(
            behaviour.some((h) => h.startsWith(`§${section} `)),
            `${file}: docs/node-behaviour.md §${section}`,
          ).toBe(true);
        }
        if (match[2] !== undefined) {
          expect(
            behaviour.some((h) => h.includes(`(the ${match[2]} table)`)),
            `${file}: ${match[0]}`,
          ).toBe(true);
        }
      }
      for (const match of text.matchAll(/(?:read-api-spec|read-api-notes)\.md, ([A-Z][a-z]+)/g)) {
        cited += 1;
        expect(notes, `${file}: ${match[0]}`).toContain(match[1]);
      }
    }
    // The code cites these notes in dozens of places; none found would mean the scan is broken.
    expect(cited).toBeGreaterThan(20);
  });
});

/**
 * Facts the documentation states that code can check: the snapshot format's application id (hex and
 * decimal), and that docs/api.md points only at files inside this repository.
 */
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
});

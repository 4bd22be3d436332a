/**
 * The product's source has no import cycles — type-only imports included, since a type cycle is
 * still two files that cannot be understood (or moved) one without the other, and a dynamic
 * `import()` included, since it only hides a cycle from the bundler. The graph is parsed with the
 * TypeScript compiler API (test/lint/import-graph.ts); the finder itself is checked on real files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.ts';
import { findCycles, importGraph, moduleSpecifiers } from './import-graph.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = useTempDir();

function write(files: Record<string, string>): string {
  const root = join(dir, `tree-${Math.random().toString(36).slice(2)}`);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the import graph', () => {
  it('counts every kind of import, type-only and dynamic ones too, and nothing in comments or strings', () => {
    const text = [
      "import type { A } from './a.ts';",
      "import { b, type B } from './b.ts';",
      "export type { C } from './c.ts';",
      "export * from './d.ts';",
      "import e = require('./e.ts');",
      "const f = await import('./f.ts');",
      "type G = import('./g.ts').G;",
      "// import { h } from './h.ts';",
      'const text = "import { i } from \'./i.ts\'";',
    ].join('\n');
    expect(moduleSpecifiers('x.ts', text)).toEqual([
      './a.ts',
      './b.ts',
      './c.ts',
      './d.ts',
      './e.ts',
      './f.ts',
      './g.ts',
    ]);
  });

  it('finds a cycle made only of type imports, and one closed by a dynamic import, and prints its path', () => {
    const root = write({
      'shared/a.ts': "import type { B } from './b.ts';\nexport type A = B;\n",
      'shared/b.ts': "import type { A } from './a.ts';\nexport type B = { a?: A };\n",
      'electron/x.ts': "import { y } from './y.ts';\nexport const x = y;\n",
      'electron/y.ts': "import { z } from './sub/z';\nexport const y = z;\n",
      'electron/sub/z.ts': "export const z = async () => (await import('../x.ts')).x;\n",
      'electron/leaf.ts':
        "import { x } from './x.ts';\nimport type { A } from '../shared/a.ts';\nexport const l: A | typeof x = x;\n",
      'renderer/ok.tsx': "import { l } from '../electron/leaf.ts';\nexport const ok = l;\n",
    });
    const cycles = findCycles(importGraph(root, ['shared', 'electron', 'renderer']));
    expect(cycles.map((cycle) => cycle.join(' → ')).sort()).toEqual([
      'electron/sub/z.ts → electron/x.ts → electron/y.ts → electron/sub/z.ts',
      'shared/a.ts → shared/b.ts → shared/a.ts',
    ]);
  });

  it('finds a file that imports itself, and none in a tree without cycles', () => {
    const root = write({
      'shared/self.ts': "import type { S } from './self.ts';\nexport type S = { s?: S };\n",
      'electron/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'electron/b.ts': 'export const b = 1;\n',
    });
    expect(findCycles(importGraph(root, ['shared', 'electron', 'renderer']))).toEqual([
      ['shared/self.ts', 'shared/self.ts'],
    ]);
  });
});

describe('shared/, electron/ and renderer/', () => {
  it('have no import cycles, type-only imports included', () => {
    const graph = importGraph(ROOT, ['shared', 'electron', 'renderer']);
    // The walk really covers the tree (the service's files, the UI's .tsx files) and resolves imports.
    expect(graph.get('electron/service/read-service.ts')).toContain('electron/service/router.ts');
    expect([...graph.keys()].some((file) => file.startsWith('renderer/') && file.endsWith('.tsx'))).toBe(true);
    const cycles = findCycles(graph).map((cycle) => cycle.join(' → '));
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });
});

/**
 * The snapshots the tests share, generated once by global-setup.ts under test/.tmp/.
 * `main` is large enough to have every feature (full blocks, several epochs, a pruning window,
 * all table kinds); `small` is for tests that walk everything.
 *
 * A fixture's file name carries a hash of its options and of the generator's source, so a changed
 * generator never serves a stale file, while unchanged runs reuse it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Generation options of each shared fixture. */
export const FIXTURES = {
  main: { seed: 7, versions: 20_000, accounts: 200 },
  small: { seed: 11, versions: 3_000, accounts: 40, coinStores: 0 },
} as const;

/** Name of a shared fixture. */
export type FixtureName = keyof typeof FIXTURES;

const root = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

let generatorHash: string | undefined;

/** A hash of the generator's sources (electron/snapshot/ and shared/): a generated file is reused while it holds. */
export function hashOfGenerator(): string {
  if (!generatorHash) {
    const hash = createHash('sha256');
    for (const file of [
      ...sourceFiles(join(root, 'electron', 'snapshot')),
      ...sourceFiles(join(root, 'electron', 'indexer')),
      ...sourceFiles(join(root, 'electron', 'service', 'view')),
      ...sourceFiles(join(root, 'shared')),
    ]) {
      hash.update(relative(root, file)).update(readFileSync(file));
    }
    generatorHash = hash.digest('hex').slice(0, 12);
  }
  return generatorHash;
}

/** Path a shared fixture is generated to (the global setup's view; tests use `fixturePath`). */
export function fixtureFileFor(name: FixtureName): string {
  const key = createHash('sha256')
    .update(JSON.stringify(FIXTURES[name]))
    .update(hashOfGenerator())
    .digest('hex')
    .slice(0, 12);
  return join(root, 'test', '.tmp', `fixture-${name}-${key}.db`);
}

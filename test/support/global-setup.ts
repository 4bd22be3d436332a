/**
 * Vitest global setup: generates the shared test snapshots once per run (every test file reads the
 * same files), and at the end checks that no test changed them — reading must never modify a
 * snapshot, so a changed hash fails the run.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { FIXTURES, fixtureFileFor, type FixtureName } from './fixtures.ts';

const hashes = new Map<string, string>();

function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Generates the fixtures and records their hashes. */
export function setup(project: TestProject): void {
  const tmp = join(import.meta.dirname, '..', '.tmp');
  mkdirSync(tmp, { recursive: true });
  const paths: Record<string, string> = {};
  for (const name of Object.keys(FIXTURES) as FixtureName[]) {
    const path = fixtureFileFor(name);
    paths[name] = path;
    if (!existsSync(path)) generateSnapshot({ out: path, ...FIXTURES[name] });
    hashes.set(path, fileHash(path));
  }
  // Fixtures of older generator sources are never read again.
  const current = new Set(Object.values(paths));
  for (const name of readdirSync(tmp)) {
    const path = join(tmp, name);
    if (/^fixture-.*\.db$/.test(name) && !current.has(path)) rmSync(path, { force: true });
  }
  project.provide('fixtureHashes', Object.fromEntries(hashes));
  project.provide('fixturePaths', paths);
}

/** Fails the run if any test changed a fixture's bytes. */
export function teardown(): void {
  for (const [path, hash] of hashes) {
    if (fileHash(path) !== hash) throw new Error(`snapshot ${path} was modified by reading it`);
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    fixtureHashes: Record<string, string>;
    fixturePaths: Record<string, string>;
  }
}

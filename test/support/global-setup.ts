/**
 * Vitest global setup: generates the shared test snapshots once per run (every test file reads the
 * same files), and at the end checks that no test changed them — reading must never modify a
 * snapshot, so a changed hash fails the run.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { FIXTURES, fixturePath, type FixtureName } from './fixtures.ts';

const hashes = new Map<string, string>();

function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Generates the fixtures and records their hashes. */
export function setup(project: TestProject): void {
  mkdirSync(join(import.meta.dirname, '..', '.tmp'), { recursive: true });
  for (const name of Object.keys(FIXTURES) as FixtureName[]) {
    const path = fixturePath(name);
    if (!existsSync(path)) generateSnapshot({ out: path, ...FIXTURES[name] });
    hashes.set(path, fileHash(path));
  }
  project.provide('fixtureHashes', Object.fromEntries(hashes));
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
  }
}

/**
 * Temporary folders for tests that write their own files, removed when the test file ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A new temporary folder, deleted after the current test file's tests. */
export function useTempDir(prefix = 'ledger-explorer-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The sample snapshot: generated on first use into the user's data folder (the file the desktop app opens too), so
 * `serve` and `snapshot info --sample` need no path.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateSnapshot } from '../snapshot/generate.ts';
import { sampleSnapshotPath } from './data-folder.ts';
import { NO_PROGRESS, type Progress } from '../snapshot/progress.ts';

/**
 * The sample snapshot's path, generating it first (saying so through `log`, its progress through `progress`) when it
 * does not exist yet.
 */
export function ensureSampleSnapshot(log: (line: string) => void, progress: Progress = NO_PROGRESS): string {
  const path = sampleSnapshotPath();
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    log(`generating the sample snapshot into ${path} (first use only)…`);
    generateSnapshot({ out: path, progress });
  }
  return path;
}

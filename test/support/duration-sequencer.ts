/**
 * Orders the run's test files longest first, across projects, so the workers finish together: a file of 50 s started
 * last would keep one worker busy alone while the other has nothing left (the suite ran 241 files on 2 workers).
 *
 * A file's expected duration is its last run's (Vitest's results cache) or, on a clean clone where there is no cache,
 * the figure in `test/support/file-durations.json` (seconds, files of 2 s or more), else a default for its project.
 * That file only orders the run: a stale or missing entry makes no test fail. Refresh it from a full run with
 * `LEDGER_EXPLORER_DURATIONS=test/support/file-durations.json npx vitest run` (written by summary-reporter.ts).
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = join(import.meta.dirname, '..', '..');

/** Expected duration in ms of a file nobody has timed: the e2e journeys average ~10 s, other files ~2 s. */
const DEFAULT_MS: Readonly<Record<string, number>> = { e2e: 8_000 };
const OTHER_DEFAULT_MS = 1_000;

function recordedSeconds(): Readonly<Record<string, number>> {
  try {
    return JSON.parse(readFileSync(join(root, 'test', 'support', 'file-durations.json'), 'utf8')) as Record<
      string,
      number
    >;
  } catch {
    return {};
  }
}

/** Longest expected file first (failed files of the last run before all, as Vitest's own order does). */
export class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = recordedSeconds();
    const expected = new Map<TestSpecification, { failed: boolean; ms: number }>();
    for (const spec of files) {
      const cached = this.ctx.cache.getTestSpecificationResult(spec);
      const path = relative(root, spec.moduleId).split('\\').join('/');
      const seconds = recorded[path];
      const ms =
        cached?.duration ??
        (seconds === undefined ? (DEFAULT_MS[spec.project.name] ?? OTHER_DEFAULT_MS) : seconds * 1000);
      expected.set(spec, { failed: cached?.failed ?? false, ms });
    }
    return [...files].sort((a, b) => {
      const x = expected.get(a)!;
      const y = expected.get(b)!;
      if (x.failed !== y.failed) return x.failed ? -1 : 1;
      return y.ms - x.ms;
    });
  }
}

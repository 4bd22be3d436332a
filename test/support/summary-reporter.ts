/**
 * A Vitest reporter that ends the run with one plain line, `tests: N passed, N failed, N skipped`,
 * which CI systems that do not know Vitest's own summary can read. With `LEDGER_EXPLORER_DURATIONS=FILE` it also
 * writes each file's duration (whole seconds, files of 2 s or more) to FILE, the figures duration-sequencer.ts orders
 * a clean clone's run by.
 */
import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const root = resolve(import.meta.dirname, '..', '..');

function writeDurations(file: string, testModules: ReadonlyArray<TestModule>): void {
  const seconds: Record<string, number> = {};
  for (const module of testModules) {
    const duration = Math.round(module.diagnostic().duration / 1000);
    if (duration >= 2) seconds[relative(root, module.moduleId).split('\\').join('/')] = duration;
  }
  const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(resolve(root, file), `${JSON.stringify(sorted, null, 2)}\n`);
}

/** Prints the plain closing line after every other reporter. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed += 1;
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    const durations = process.env.LEDGER_EXPLORER_DURATIONS;
    if (durations) writeDurations(durations, testModules);
  }
}

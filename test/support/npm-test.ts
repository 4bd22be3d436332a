/**
 * `npm test`: the static checks (Prettier, tsc, ESLint; test/support/static-checks.ts) and Vitest at the same time,
 * failing when either fails. Arguments go to `vitest run` (`npm test -- test/cli`).
 *
 * They used to run one after the other, the checks first: ~40 s of a clean 2-core machine's ~10 minutes in which no
 * test ran, while Vitest leaves part of the two cores idle (its files wait on child processes, HTTP and Chromium, and
 * its global setup generates the fixtures on one core). The checks run at a lower CPU priority, so they take the
 * cores' idle time rather than the tests' share (docs/benchmarks.md, "Test suite time").
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { failedChecks, runStaticChecks } from './static-checks.ts';

/** Nice value of the checks: below the tests, which have waits with timeouts in them. */
const CHECKS_NICENESS = 10;

const vitestBin = join(createRequire(import.meta.url).resolve('vitest/package.json'), '..', 'vitest.mjs');

const checks = runStaticChecks(CHECKS_NICENESS);
const vitest = new Promise<number | null>((resolve) => {
  const child = spawn(process.execPath, [vitestBin, 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('error', (error) => {
    process.stderr.write(`vitest: ${error.message}\n`);
    resolve(1);
  });
  child.on('close', (code) => resolve(code));
});

const [results, vitestCode] = await Promise.all([checks, vitest]);
const failed = failedChecks(results);
process.stdout.write(
  `static checks: ${results.map((result) => `${result.script} ${result.code === 0 ? 'ok' : 'FAILED'}`).join(', ')}\n`,
);
if (failed.length > 0) process.stderr.write(`static checks failed: ${failed.join(', ')}\n`);
if (vitestCode !== 0) process.stderr.write(`vitest run failed (exit code ${vitestCode})\n`);
process.exitCode = failed.length > 0 || vitestCode !== 0 ? 1 : 0;

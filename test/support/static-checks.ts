/**
 * The format check (Prettier), the type check (tsc) and ESLint, run at the same time instead of one after the other.
 * Each is single-threaded and together they took ~70 s of a 2-core machine's `npm test` in turn (docs/benchmarks.md,
 * "Test suite time"). `npm test` runs them beside Vitest (test/support/npm-test.ts); run alone
 * (`node test/support/static-checks.ts`), this file runs only them. Each one's output is printed whole when it ends,
 * and the step fails when any of them fails, naming it.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** The npm scripts of the static checks. */
export const STATIC_CHECKS = ['format:check', 'typecheck', 'lint'] as const;

/** How one check ended. */
export interface CheckResult {
  readonly script: string;
  readonly code: number | null;
  readonly seconds: number;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`, printing its output whole when it ends; `niceness` lowers its CPU priority (0–19). */
function run(script: string, niceness: number): Promise<CheckResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    // Set before npm starts the check, which inherits it.
    if (niceness > 0 && child.pid !== undefined) setPriority(child.pid, niceness);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.on('error', (error) => void (output += `${error.message}\n`));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`${code === 0 ? 'ok' : 'FAILED'}: npm run ${script} (${seconds.toFixed(1)} s)\n${output}`);
      resolve({ script, code, seconds });
    });
  });
}

/** Runs every static check at once; resolves when all have ended. */
export function runStaticChecks(niceness = 0): Promise<readonly CheckResult[]> {
  return Promise.all(STATIC_CHECKS.map((script) => run(script, niceness)));
}

/** The scripts of the checks that failed. */
export function failedChecks(results: readonly CheckResult[]): string[] {
  return results.filter((result) => result.code !== 0).map((result) => result.script);
}

if (import.meta.main) {
  const failed = failedChecks(await runStaticChecks());
  if (failed.length > 0) {
    process.stderr.write(`static checks failed: ${failed.join(', ')}\n`);
    process.exitCode = 1;
  }
}

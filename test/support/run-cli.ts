/**
 * Runs the real `ledger-explorer` launcher in a child process (the way users run it), capturing
 * exit code, stdout and stderr.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** Path of the command's launcher (the package's `bin`). */
export const CLI_PATH = join(import.meta.dirname, '..', '..', 'electron', 'cli', 'ledger-explorer.js');

/** Outcome of one command run. */
export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `ledger-explorer ...args` with the current Node (and `env`, default this process's) and waits for it. */
export function runCliProcess(
  args: readonly string[],
  timeoutMs = 120_000,
  env: NodeJS.ProcessEnv = process.env,
): CliRun {
  const result = spawnSync(process.execPath, [CLI_PATH, ...args], { encoding: 'utf8', timeout: timeoutMs, env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

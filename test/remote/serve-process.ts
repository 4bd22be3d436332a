/**
 * `ledger-explorer serve` as a real child process (the way users run it): resolves once it
 * listens, with its URL and a stop function (SIGTERM, resolves with the exit code).
 */
import { spawn } from 'node:child_process';
import { CLI_PATH } from '../support/run-cli.ts';

/** A running `serve` process. */
export interface ServeProcess {
  readonly url: string;
  readonly port: number;
  stop(): Promise<number | null>;
}

/** Starts `ledger-explorer serve ...args`. */
export function startServe(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI_PATH, 'serve', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:(\d+))\n/.exec(output);
      if (match?.[1] && match[2]) {
        resolve({ url: match[1], port: Number(match[2]), stop: () => (child.kill('SIGTERM'), exited) });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => void (errors += chunk.toString()));
    void exited.then((code) => reject(new Error(`serve exited with ${code} before listening: ${errors}`)));
  });
}

/** Outcome of one command run. */
export interface CliOutcome {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `ledger-explorer ...args` without blocking this process (a server in this process can
 * answer it, unlike with spawnSync); `onStderr` sees the output as it comes.
 */
export function runCliAsync(
  args: readonly string[],
  onStderr?: (text: string, kill: (signal: NodeJS.Signals) => void) => void,
): Promise<CliOutcome> {
  const child = spawn(process.execPath, [CLI_PATH, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    onStderr?.(stderr, (signal) => child.kill(signal));
  });
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

/**
 * `ledger-explorer serve` in a child process, started as users start it: resolves once it prints where it listens,
 * with the URL and a stop (SIGTERM) that resolves with the exit code.
 */
import { spawn } from 'node:child_process';
import { CLI_PATH } from './run-cli.ts';

/** A running `serve`: its base URL and a stop that resolves with the exit code. */
export interface ServeProcess {
  readonly url: string;
  readonly stop: () => Promise<number | null>;
}

/** Starts `ledger-explorer serve ...args` (with `env`, default this process's); rejects if it exits first. */
export function startServeProcess(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI_PATH, 'serve', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(output);
      if (match?.[1]) {
        resolve({ url: match[1], stop: () => (child.kill('SIGTERM'), exited) });
      }
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => void (errors += chunk.toString()));
    void exited.then((code) => reject(new Error(`serve exited with ${code} before listening: ${errors}`)));
  });
}

/**
 * Starts test/support/http-server-child.ts in its own process (so its memory and sockets can be
 * measured apart from the client) and talks to it: its URL, its stats on demand, and stop.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ChildOptions, ServerStats } from './http-server-child.ts';

const CHILD = join(import.meta.dirname, 'http-server-child.ts');

/** A server child process: its URL, its stats (after a full GC), and stop. */
export interface ServerChild {
  readonly url: URL;
  stats(): Promise<ServerStats>;
  stop(): Promise<void>;
}

/** Forks the server child over `snapshot` with the HTTP adapter's `options`; resolves once it listens. */
export function startServerChild(snapshot: string, options: ChildOptions): Promise<ServerChild> {
  const child: ChildProcess = fork(CHILD, [snapshot, JSON.stringify(options)], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  // One pair of listeners per awaited message, removed when it settles (stats are polled hundreds of times).
  const next = <T>(): Promise<T> =>
    new Promise((resolve, reject) => {
      const onMessage = (message: unknown): void => {
        child.off('exit', onExit);
        resolve(message as T);
      };
      const onExit = (code: number | null): void => {
        child.off('message', onMessage);
        reject(new Error(`server child exited with ${code}`));
      };
      child.once('message', onMessage);
      child.once('exit', onExit);
    });
  return next<{ url: string }>().then(({ url }) => ({
    url: new URL(url),
    stats: () => {
      const reply = next<ServerStats>();
      child.send('stats');
      return reply;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
        setTimeout(() => child.kill(), 5000).unref();
      }),
  }));
}

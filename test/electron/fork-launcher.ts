/**
 * A {@link LaunchServiceChild} over `child_process.fork`: the real service entry in a real Node
 * child process, standing in for Electron's `utilityProcess` (which needs the Electron binary).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { LaunchServiceChild } from '../../electron/main/sources/service-supervisor.ts';

/** Path of the service entry the app bundles to dist/electron/service-entry.js. */
export const SERVICE_ENTRY = join(import.meta.dirname, '..', '..', 'electron', 'main', 'sources', 'service-entry.ts');

/**
 * A launcher that records every child it starts (so tests can kill one); `entry` is the service entry to fork (the
 * source by default, or a bundle such as the one `npm run build:electron` writes to dist/electron/service-entry.cjs).
 */
export function forkLauncher(entry = SERVICE_ENTRY): { launch: LaunchServiceChild; children: ChildProcess[] } {
  const children: ChildProcess[] = [];
  const launch: LaunchServiceChild = () => {
    const child = fork(entry, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    // Sending to a child that just died reports an 'error' event; the exit handler does the work.
    child.on('error', () => {});
    return {
      postMessage: (message) => void child.send(message),
      onMessage: (listener) => void child.on('message', listener),
      onExit: (listener) =>
        void child.once('exit', (code, signal) => listener(signal ? `signal ${signal}` : `exit code ${code}`)),
      kill: (signal) => void child.kill(signal),
    };
  };
  return { launch, children };
}

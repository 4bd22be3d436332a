/**
 * Starts the data service (a snapshot or a remote node) as an Electron `utilityProcess` (a Node child process managed
 * by
 * Chromium's process model), the {@link LaunchServiceChild} of the desktop app.
 */
import { utilityProcess } from 'electron';
import type { LaunchServiceChild } from './service-supervisor.ts';

/** A launcher that forks `entryPath` (the bundled service-entry.js) as a utility process. */
export function utilityLauncher(entryPath: string): LaunchServiceChild {
  return () => {
    const child = utilityProcess.fork(entryPath, [], { serviceName: 'Ledger Explorer data service', stdio: 'inherit' });
    return {
      postMessage: (message) => child.postMessage(message),
      onMessage: (listener) => void child.on('message', listener),
      onExit: (listener) => void child.once('exit', (code) => listener(`exit code ${code}`)),
      kill: () => void child.kill(),
    };
  };
}

/**
 * Starts the data service (a snapshot or a remote node) as an Electron `utilityProcess` (a Node child process managed
 * by Chromium's process model), the {@link LaunchServiceChild} of the desktop app.
 */
import { utilityProcess, type UtilityProcess } from 'electron';
import type { LaunchServiceChild, ServiceChild } from './service-supervisor.ts';

/** The one line a utility process's exit is reported with: its code, and the fatal error it reported first, if any. */
export function exitReason(code: number, error: string | undefined): string {
  return error === undefined ? `exit code ${code}` : `exit code ${code}, ${error}`;
}

/** Wraps a forked utility process as the supervisor's {@link ServiceChild}. */
export function serviceChildOf(child: UtilityProcess): ServiceChild {
  let fatal: string | undefined;
  // A utility process that hits a fatal V8 error emits 'error' before its 'exit'. An 'error' event without a
  // listener would throw in the main process and take the app down with the service; with it, the error is logged
  // and named in the exit reason, and the supervisor restarts the service as after any crash.
  child.on('error', (type: string, location: string) => {
    fatal = `${type} at ${location}`;
    console.error(`data service: ${fatal}`);
  });
  return {
    postMessage: (message) => child.postMessage(message),
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => void child.once('exit', (code) => listener(exitReason(code, fatal))),
    kill: (signal) => {
      // utilityProcess.kill() sends SIGTERM, which a stopped process never acts on; a hung service gets SIGKILL.
      if (signal === 'SIGKILL' && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
      else child.kill();
    },
  };
}

/** A launcher that forks `entryPath` (the bundled service-entry.cjs) as a utility process. */
export function utilityLauncher(entryPath: string): LaunchServiceChild {
  return () =>
    serviceChildOf(
      utilityProcess.fork(entryPath, [], { serviceName: 'Ledger Explorer data service', stdio: 'inherit' }),
    );
}

/**
 * One app instance: a second launch (e.g. double-clicking another snapshot) hands its command line
 * to the first instance and quits, and the first focuses its window and opens the file.
 */
import type { App } from 'electron';

/** Takes the lock; false when another instance has it (this one must quit). */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'on'>,
  onSecondInstance: (argv: readonly string[], cwd: string) => void,
): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', (_event, argv, workingDirectory) => onSecondInstance(argv, workingDirectory));
  return true;
}

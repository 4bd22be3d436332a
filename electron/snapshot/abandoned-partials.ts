/**
 * Partial files of snapshot writers that died: `<path>.<pid>.partial` (and its journal) is removed when
 * process `pid` no longer runs, so a killed generator never leaves files behind for the next one.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Whether process `pid` is still running (signal 0 only checks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes `<path>.<pid>.partial` files (and their journals) left by generators that no longer run. */
export function removeAbandonedPartials(path: string): void {
  const folder = dirname(path);
  const pattern = new RegExp(
    `^${basename(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d+)\\.partial(-journal)?$`,
  );
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder)) {
    const match = pattern.exec(name);
    if (match && !isRunning(Number(match[1]))) rmSync(join(folder, name), { force: true });
  }
}

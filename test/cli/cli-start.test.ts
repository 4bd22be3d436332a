/**
 * The help and the version load none of the commands' code: the usage texts live apart from the commands
 * (electron/cli/serve-usage.ts, snapshot-usage.ts), and electron/cli/main.ts imports a command only to run it.
 * Loading the service and the generator took most of a second per start (docs/benchmarks.md, "Test suite time").
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_PATH } from '../support/run-cli.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir();
const HOOK = join(import.meta.dirname, '..', 'support', 'loaded-modules-hook.ts');
let runs = 0;

/** The modules `ledger-explorer ...args` loads, as paths from the repository root (node_modules kept as such). */
function loadedModules(args: readonly string[]): { status: number | null; stdout: string; modules: string[] } {
  const out = join(dir, `loaded-${(runs += 1)}.txt`);
  const run = spawnSync(process.execPath, ['--import', HOOK, CLI_PATH, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LEDGER_EXPLORER_LOADED_MODULES: out },
  });
  const root = join(import.meta.dirname, '..', '..');
  const modules = readFileSync(out, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => decodeURIComponent(new URL(url).pathname).slice(root.length + 1));
  return { status: run.status, stdout: run.stdout, modules };
}

describe('the command line starts without loading the commands it does not run', () => {
  for (const args of [['--help'], ['serve', '--help'], ['snapshot'], ['snapshot', 'capture', '--help'], ['version']]) {
    it(`ledger-explorer ${args.join(' ')}`, () => {
      const { status, stdout, modules } = loadedModules(args);
      expect([status, stdout.length > 0]).toEqual([0, true]);
      const commandCode = modules.filter(
        (path) =>
          /^electron\/cli\/(serve|snapshot|capture)-command\.ts$/.test(path) ||
          /^electron\/(snapshot\/generate|service\/data-source|service\/read-service)\.ts$/.test(path) ||
          path.includes('node_modules/better-sqlite3/'),
      );
      expect(commandCode).toEqual([]);
      // The launcher, main.ts and the usage modules: a few dozen, where the commands' code is ~490.
      expect(modules.length).toBeLessThan(60);
    });
  }

  it('still loads a command to run it (the check above sees what is loaded)', () => {
    const { modules } = loadedModules(['snapshot', 'info', join(dir, 'missing.db')]);
    expect(modules).toContain('electron/cli/snapshot-command.ts');
  });
});

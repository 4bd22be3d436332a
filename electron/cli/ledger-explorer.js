#!/usr/bin/env node
// Launcher for the `ledger-explorer` command. The project's Node code is TypeScript run through
// Node's own type stripping (on by default from Node 22.18 / 23.6). Older Node 22 releases need
// the flag, so they re-run this process with it instead of failing on the first type annotation.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('./main.ts', import.meta.url));
const [major] = process.versions.node.split('.').map(Number);

if (major < 22) {
  process.stderr.write(`ledger-explorer: needs Node.js 22 or newer (this is ${process.version})\n`);
  process.exit(1);
}

if (process.features.typescript) {
  const { runCli } = await import('./main.ts');
  process.exitCode = await runCli(process.argv.slice(2));
} else {
  const child = spawnSync(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', entry, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exitCode = child.status ?? 1;
}

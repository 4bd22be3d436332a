#!/usr/bin/env node
// Launcher for the `ledger-explorer` command. The project's Node code is TypeScript run through
// Node's own type stripping, on by default in every Node release the project supports (the range
// below is package.json `engines`: what all dependencies accept). If type stripping was turned off
// (NODE_OPTIONS=--no-experimental-strip-types), the process re-runs itself with
// --experimental-strip-types, a flag every supported release has (it exists since 22.6.0).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** package.json `engines.node`, and the same range as [oldest release, newest major] pairs. */
const SUPPORTED = '^22.22.2 || ^24.15.0 || >=26';
const RANGES = [
  [[22, 22, 2], 22],
  [[24, 15, 0], 24],
  [[26, 0, 0], Infinity],
];

const entry = fileURLToPath(new URL('./main.ts', import.meta.url));
const current = process.versions.node.split('.').map(Number);
const older = (a, b) => (a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2]);
const supported = RANGES.some(([oldest, newestMajor]) => !older(current, oldest) && current[0] <= newestMajor);

if (!supported) {
  process.stderr.write(`ledger-explorer: needs Node.js ${SUPPORTED} (this is ${process.version})\n`);
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

#!/usr/bin/env node
// Launcher for the `ledger-explorer` command. The project's Node code is TypeScript run through
// Node's own type stripping, on by default in every Node release the project supports (package.json
// `engines`, checked by node-support.js before anything else: an older Node gets one line saying
// what to install). If type stripping was turned off (NODE_OPTIONS=--no-experimental-strip-types),
// the process re-runs itself with --experimental-strip-types, a flag every supported release has
// (it exists since 22.6.0).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nodeSupportProblem } from './node-support.js';

const problem = nodeSupportProblem();
if (problem !== undefined) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

const entry = fileURLToPath(new URL('./main.ts', import.meta.url));

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

// Which Node.js releases Ledger Explorer runs on, and the one line an unsupported one gets. Plain JavaScript (no
// TypeScript, nothing installed): it runs where the project's code cannot — in npm's `preinstall` and `pretest`
// (`node electron/cli/node-support.js`) and first thing in the `ledger-explorer` launcher — so that an old Node is
// told what to install instead of crashing later (better-sqlite3 13 under Node 20 dies with a bare segmentation
// fault mid-test). The range is package.json `engines.node`, the one place it is written; `.npmrc` sets
// `engine-strict`, so `npm ci` itself refuses before downloading anything (npm runs a root `preinstall` only after
// the dependencies are in place, so that script alone could not stop the install).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** package.json `engines.node`, e.g. `^22.22.2 || ^24.15.0 || >=26`. */
export const SUPPORTED_NODE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).engines
  .node;

/** `[major, minor, patch]` of a version such as `24.15.0` or `v26.0.0-nightly…` (missing parts are 0). */
function parts(version) {
  const numbers = String(version)
    .replace(/^v/, '')
    .split(/[.-]/)
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);
  while (numbers.length < 3) numbers.push(0);
  return numbers;
}

function compare(a, b) {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/**
 * The range as `[oldest, below]` pairs (below exclusive, or undefined for no upper end). Only the forms the engines
 * field uses are understood (`^X.Y.Z`, `>=X.Y.Z`, joined by `||`); anything else throws, so a new form in
 * package.json fails this module's tests instead of being misread.
 */
export function parseNodeRange(range) {
  return range.split('||').map((term) => {
    const text = term.trim();
    const caret = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(text);
    if (caret && Number(caret[1]) > 0) return [parts(text.slice(1)), [Number(caret[1]) + 1, 0, 0]];
    if (/^>=\d+(\.\d+){0,2}$/.test(text)) return [parts(text.slice(2)), undefined];
    throw new Error(`node-support.js does not understand the engines.node term "${text}"`);
  });
}

/** Whether Node `version` (e.g. `process.versions.node`) is in `range`. */
export function nodeSupported(version, range = SUPPORTED_NODE) {
  const current = parts(version);
  return parseNodeRange(range).some(
    ([oldest, below]) => compare(current, oldest) >= 0 && (below === undefined || compare(current, below) < 0),
  );
}

/** How to get a supported Node here: the npm package `.ci/run` uses exists for Linux. */
function howToGetNode(platform, arch) {
  if (platform !== 'linux') return 'install Node 24 LTS (e.g. `nvm install 24`)';
  const folder = '~/.cache/ledger-explorer/node24';
  const name = `node-linux-${arch}`;
  return (
    `install Node 24 LTS: \`nvm install 24\`, or \`npm install --prefix ${folder} ${name}@24\` and put ` +
    `${folder}/node_modules/${name}/bin first on PATH (as .ci/run does)`
  );
}

/**
 * The one line for an unsupported Node (without a trailing newline), or undefined when `version` is supported.
 * The launcher, `preinstall` and `pretest` all print this line.
 */
export function nodeSupportProblem(version = process.versions.node, platform = process.platform, arch = process.arch) {
  if (nodeSupported(version)) return undefined;
  return `ledger-explorer needs Node.js ${SUPPORTED_NODE} (this is ${version}): ${howToGetNode(platform, arch)}`;
}

// Run as a script (npm's preinstall and pretest): exit 1 with the line on an unsupported Node.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problem = nodeSupportProblem();
  if (problem !== undefined) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}

/**
 * An unsupported Node is refused with one line naming the range (package.json `engines.node`) and how to get a
 * supported Node — by the `ledger-explorer` launcher, by `npm test` (its `pretest`) and by `npm ci` (npm's own engine
 * check, which `.npmrc` makes strict, so nothing is downloaded) — instead of installing and then crashing. The Node
 * version is simulated: a preloaded module replaces `process.version`/`process.versions` in every Node process
 * started (through NODE_OPTIONS, so npm and the scripts it runs see it too).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI_PATH } from '../support/run-cli.ts';
import { useTempDir } from '../support/temp-dir.ts';

const root = join(import.meta.dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  engines: { node: string };
  scripts: Record<string, string>;
};
const range = packageJson.engines.node;
const checkScript = join(root, 'electron', 'cli', 'node-support.js');
const dir = useTempDir();

/** A module that makes the process report Node `version`, for `--import`. */
function fakeNode(version: string): string {
  const file = join(dir, `node-${version}.mjs`);
  if (!existsSync(file)) {
    writeFileSync(
      file,
      `Object.defineProperty(process, 'version', { value: 'v${version}' });\n` +
        `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } });\n`,
    );
  }
  return pathToFileURL(file).href;
}

/**
 * The environment of a child that believes it runs Node `version` (undefined: the real one): this Node first on
 * PATH (npm's `#!/usr/bin/env node` then runs on it too), and no npm_config_* inherited from an outer `npm test`,
 * so only the files under test configure npm.
 */
function childEnv(version: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_config_/i.test(key)) env[key] = value;
  env.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
  env.NODE_OPTIONS = version === undefined ? '' : `--import=${fakeNode(version)}`;
  return env;
}

function run(command: string, args: readonly string[], version: string | undefined, cwd = root) {
  return spawnSync(command, args, { cwd, env: childEnv(version), encoding: 'utf8', timeout: 60_000 });
}

/** The refusal for Node `version`, as printed on Linux x64 (the hint is per platform). */
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const refusal = (version: string) =>
  new RegExp(`^${escape(`ledger-explorer needs Node.js ${range} (this is ${version}): install Node 24 LTS`)}`);

const unsupported = ['20.20.2', '22.22.1', '23.11.0', '24.0.0', '24.14.9', '25.9.0'];
const supported = ['22.22.2', '22.30.0', '24.15.0', '24.20.1', '26.0.0', '27.1.0'];

describe('the range', () => {
  it('is package.json engines, stated in the README; .npmrc makes npm enforce it; install and test check first', () => {
    expect(range).toBe('^22.22.2 || ^24.15.0 || >=26');
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(`Node.js \`${range}\``);
    expect(readFileSync(join(root, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
    expect(packageJson.scripts.preinstall).toBe('node electron/cli/node-support.js');
    expect(packageJson.scripts.pretest).toBe('node electron/cli/node-support.js');
  });

  it('the launcher has no copy of it: the check is node-support.js', () => {
    const launcher = readFileSync(CLI_PATH, 'utf8');
    expect(launcher).toContain("from './node-support.js'");
    expect(launcher).not.toMatch(/22\.22|24\.15/);
  });
});

describe('ledger-explorer and node-support.js under an unsupported Node', () => {
  it('refuse every version outside the range (older, odd, or early in a supported line) with one line', () => {
    for (const version of unsupported) {
      for (const script of [CLI_PATH, checkScript]) {
        const result = run(process.execPath, [script, '--version'], version);
        expect(result.status, `${script} on ${version}`).toBe(1);
        expect(result.stdout).toBe('');
        const lines = result.stderr.trimEnd().split('\n');
        expect(lines, result.stderr).toHaveLength(1);
        expect(lines[0]).toMatch(refusal(version));
        if (process.platform === 'linux') expect(lines[0]).toContain(`node-linux-${process.arch}@24`);
      }
    }
  });

  it('accept every line of the range from its first release', () => {
    for (const version of supported) {
      expect(run(process.execPath, [CLI_PATH, '--version'], version).stdout, version).toBe(`${packageJson.version}\n`);
      const check = run(process.execPath, [checkScript], version);
      expect([check.status, check.stderr], version).toEqual([0, '']);
    }
  });
});

describe('npm under an unsupported Node', () => {
  /** A scratch copy of the project's npm-facing files, with `test` replaced by a marker (never the real suite). */
  function scratchProject(name: string): string {
    const project = join(dir, name);
    mkdirSync(join(project, 'electron', 'cli'), { recursive: true });
    const scripts = { ...packageJson.scripts, test: 'node -e "console.log(\'THE TESTS RAN\')"' };
    writeFileSync(join(project, 'package.json'), JSON.stringify({ ...packageJson, scripts }, null, 2));
    for (const file of ['package-lock.json', '.npmrc', 'electron/cli/node-support.js'])
      copyFileSync(join(root, file), join(project, file));
    return project;
  }

  it('npm test stops at pretest with the one line, before running anything else', () => {
    const project = scratchProject('npm-test');
    const refused = run('npm', ['test'], '20.20.2', project);
    expect(refused.status).toBe(1);
    expect(refused.stdout).not.toContain('THE TESTS RAN');
    const ours = refused.stderr.split('\n').filter((line) => line.startsWith('ledger-explorer'));
    expect(ours, refused.stderr).toHaveLength(1);
    expect(ours[0]).toMatch(refusal('20.20.2'));
    // The same copy on this (supported) Node passes the check and runs the tests.
    const passed = run('npm', ['test'], undefined, project);
    expect([passed.status, passed.stdout]).toEqual([0, expect.stringContaining('THE TESTS RAN')]);
  });

  it('npm ci refuses before fetching anything (engine-strict), naming the project and the range', () => {
    const project = scratchProject('npm-ci');
    // Offline with an empty cache: any fetch fails at once, so the real Node's run shows how far npm gets.
    const args = ['ci', '--offline', '--cache', join(project, 'npm-cache'), '--no-audit', '--no-fund'];
    const refused = run('npm', args, '20.20.2', project);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('EBADENGINE');
    expect(refused.stderr).toContain(
      `Not compatible with your version of node/npm: ledger-explorer@${packageJson.version}`,
    );
    expect(refused.stderr).toContain(range);
    expect(refused.stderr).not.toContain('ENOTCACHED');
    expect(existsSync(join(project, 'node_modules'))).toBe(false);
    // On this Node the engine check passes and npm goes on to fetch (and fails only for want of a cache).
    const fetched = run('npm', args, undefined, project);
    expect(fetched.stderr).not.toContain('EBADENGINE');
    expect(fetched.stderr).toContain('ENOTCACHED');
  });
});

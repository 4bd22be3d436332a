/**
 * The command line's help, version and argument errors, run as users run it (the real launcher in
 * a child process): `--help`/`-h` on every command and subcommand, `snapshot` alone lists its
 * subcommands, option values starting with a dash reach the option's own check, parse errors are
 * one line pointing at the help; and the Node range the launcher enforces is package.json's.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_PATH, runCliProcess } from '../support/run-cli.ts';

const root = join(import.meta.dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  engines: { node: string };
};

function expectOneLineError(args: readonly string[], mention: RegExp): string {
  const run = runCliProcess(args);
  expect(run.status, args.join(' ')).toBe(1);
  const lines = run.stderr.trim().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(mention);
  return lines[0]!;
}

describe('help', () => {
  const cases: readonly (readonly [args: readonly string[], shows: RegExp])[] = [
    [['--help'], /^Usage: ledger-explorer <command>/],
    [['-h'], /^Usage: ledger-explorer <command>/],
    [['help'], /^Usage: ledger-explorer <command>/],
    [['help', 'serve'], /^Usage: ledger-explorer serve /],
    [['serve', '--help'], /^Usage: ledger-explorer serve .*--max-connections/],
    [['serve', '-h', '--port', 'x'], /^Usage: ledger-explorer serve /],
    [
      ['snapshot'],
      /^Usage: ledger-explorer snapshot <command>[\s\S]*snapshot generate[\s\S]*snapshot info[\s\S]*snapshot verify/,
    ],
    [['snapshot', '--help'], /^Usage: ledger-explorer snapshot <command>/],
    [['snapshot', 'generate', '--help'], /^Usage: ledger-explorer snapshot generate --out FILE/],
    [['snapshot', 'info', '-h'], /^Usage: ledger-explorer snapshot info FILE/],
    [['snapshot', 'verify', '--help'], /^Usage: ledger-explorer snapshot verify FILE/],
    [['snapshot', 'capture', '--help'], /^Usage: ledger-explorer snapshot capture --remote/],
  ];
  for (const [args, shows] of cases) {
    it(`ledger-explorer ${args.join(' ')}`, () => {
      const run = runCliProcess(args);
      expect(run.status).toBe(0);
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(shows);
    });
  }
});

describe('version', () => {
  for (const args of [['--version'], ['-v'], ['version']]) {
    it(`ledger-explorer ${args.join(' ')}`, () => {
      const run = runCliProcess(args);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(`${packageJson.version}\n`);
    });
  }
});

describe('argument errors', () => {
  it('a negative port reaches the range check instead of being "ambiguous"', () => {
    const line = expectOneLineError(['serve', '--port', '-1'], /--port must be a number from 0 to 65535, got "-1"/);
    expect(line).not.toMatch(/ambiguous/);
  });

  it('--max-connections is range-checked', () => {
    expectOneLineError(['serve', '--max-connections', '0'], /--max-connections must be a number from 1/);
    expectOneLineError(['serve', '--max-connections', '-5'], /--max-connections must be a number from 1/);
  });

  it('unknown options and missing values are one line pointing at the command help', () => {
    expectOneLineError(
      ['serve', '--bogus'],
      /^ledger-explorer: serve: Unknown option '--bogus'; run "ledger-explorer serve --help"$/,
    );
    expectOneLineError(
      ['snapshot', 'info', '--nope', 'x.db'],
      /snapshot info: Unknown option '--nope'; run "ledger-explorer snapshot info --help"/,
    );
    expectOneLineError(
      ['snapshot', 'generate', '--versions'],
      /snapshot generate: .*--versions.*; run "ledger-explorer snapshot generate --help"/,
    );
    expectOneLineError(['snapshot', 'frobnicate'], /unknown snapshot command "frobnicate"/);
  });

  // Nothing listens on port 9 of loopback: a check made after reading would name the node instead.
  const capture = ['snapshot', 'capture', '--remote', 'http://127.0.0.1:9/v1', '--account', '0x1'];

  it('snapshot capture: a negative version reaches the check, unknown options point at the help', () => {
    const line = expectOneLineError(
      [...capture, '--version', '-1', '--out', 'x.db'],
      /--version must be a decimal u64, got "-1"/,
    );
    expect(line).not.toMatch(/ambiguous/);
    expectOneLineError(
      [...capture, '--bogus'],
      /^ledger-explorer: snapshot capture: Unknown option '--bogus'; run "ledger-explorer snapshot capture --help"$/,
    );
  });

  it('snapshot capture: an --out in a missing folder or over an existing path is refused before any reading', () => {
    expectOneLineError(
      [...capture, '--out', join(root, 'no-such-folder', 'x.db')],
      /cannot write .*x\.db: the folder .*no-such-folder does not exist/,
    );
    expectOneLineError([...capture, '--out', root], /already exists \(a capture never replaces a file\)/);
  });
});

describe('Node range', () => {
  const launcher = readFileSync(CLI_PATH, 'utf8');

  it('the launcher, package.json engines and the README state the same range', () => {
    const range = packageJson.engines.node;
    expect(range).toBe('^22.22.2 || ^24.15.0 || >=26');
    expect(launcher).toContain(`const SUPPORTED = '${range}';`);
    // Compared without layout: Prettier may spread the array over several lines (with a trailing comma).
    const compact = (text: string): string => text.replace(/\s+/g, '').replace(/,\]/g, ']');
    expect(compact(launcher)).toContain(
      compact('const RANGES = [[[22, 22, 2], 22], [[24, 15, 0], 24], [[26, 0, 0], Infinity]];'),
    );
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(`Node.js \`${range}\``);
  });

  it('the re-exec fallback uses only a flag the oldest accepted Node has (--experimental-strip-types: 22.6.0)', () => {
    const flags = [...launcher.matchAll(/'(--[a-z-]+)'/g)].map((m) => m[1]);
    expect(flags.sort()).toEqual(['--experimental-strip-types', '--no-warnings']);
    // Both flags exist since Node 22.6.0 (--no-warnings since long before); the minimum is newer.
    const minimum = [22, 22, 2];
    expect(minimum[0]! > 22 || (minimum[0] === 22 && minimum[1]! >= 6)).toBe(true);
  });

  // The version as the launcher sees it: process.versions replaced by a preloaded module.
  const runAs = (node: string) =>
    spawnSync(
      process.execPath,
      [
        '--import',
        `data:text/javascript,Object.defineProperty(process,'versions',{value:{...process.versions,node:'${node}'}})`,
        CLI_PATH,
        '--version',
      ],
      {
        encoding: 'utf8',
      },
    );

  it('a Node outside the range (older, odd, or an early release of a line) gets one line naming the range', () => {
    for (const node of ['22.22.1', '23.11.0', '24.0.0', '24.14.9', '25.9.0']) {
      const run = runAs(node);
      expect(run.status, node).toBe(1);
      expect(run.stderr).toBe(
        `ledger-explorer: needs Node.js ${packageJson.engines.node} (this is ${process.version})\n`,
      );
    }
  });

  it('every line of the range is accepted from its first release', () => {
    for (const node of ['22.22.2', '22.30.0', '24.15.0', '24.20.1', '26.0.0', '27.1.0'])
      expect(runAs(node).stdout, node).toBe(`${packageJson.version}\n`);
  });
});

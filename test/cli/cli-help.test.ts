/**
 * The command line's help, version and argument errors, run as users run it (the real launcher in
 * a child process): `--help`/`-h` on every command and subcommand, `snapshot` alone lists its
 * subcommands, option values starting with a dash reach the option's own check, parse errors are
 * one line pointing at the help. (The Node range check: node-support.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliProcess } from '../support/run-cli.ts';

const root = join(import.meta.dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
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
    [['serve', '--help'], /^Usage: ledger-explorer serve [\s\S]*--ui DIR[\s\S]*--max-connections/],
    [['serve', '-h', '--port', 'x'], /^Usage: ledger-explorer serve /],
    [
      ['snapshot'],
      /^Usage: ledger-explorer snapshot <command>[\s\S]*snapshot generate[\s\S]*snapshot info[\s\S]*snapshot verify/,
    ],
    [['snapshot', '--help'], /^Usage: ledger-explorer snapshot <command>/],
    [['snapshot', 'generate', '--help'], /^Usage: ledger-explorer snapshot generate --out FILE/],
    [['snapshot', 'info', '-h'], /^Usage: ledger-explorer snapshot info FILE\|--sample/],
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

  it('numeric options are decimal text within their range (checked by shared/ledger/u64.ts)', () => {
    expectOneLineError(
      ['serve', '--max-connections', '1000001'],
      /--max-connections must be a number from 1 to 1000000/,
    );
    expectOneLineError(['serve', '--max-in-flight', '0'], /--max-in-flight must be a number from 1 to 10000, got "0"/);
    expectOneLineError(['serve', '--max-in-flight', '1e3'], /--max-in-flight must be a number from 1 to 10000/);
    expectOneLineError(['serve', '--port', '65536'], /--port must be a number from 0 to 65535, got "65536"/);
    expectOneLineError(
      ['snapshot', 'generate', '--out', 'never-written.db', '--seed', '1.5'],
      /--seed must be a non-negative integer, got "1\.5"/,
    );
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
    // Above the largest u64: refused before any read, as a version the node could never have.
    expectOneLineError(
      [...capture, '--version', '18446744073709551616', '--out', 'x.db'],
      /--version must be a decimal u64, got "18446744073709551616"/,
    );
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

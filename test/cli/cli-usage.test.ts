/**
 * Every command's usage names every option its parser accepts, and no option it does not: the check walks the option
 * definitions the commands parse with (main.ts `COMMANDS`), so a new option without a usage entry fails here. The
 * usage's synopsis is its lines left of the description column (a command and its continuation lines); `--help`
 * prints exactly that usage. Also: the help says where the data folder and the sample snapshot are.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../electron/cli/main.ts';
import { SAMPLE_SNAPSHOT_NAME } from '../../electron/cli/data-folder.ts';
import { runCliProcess } from '../support/run-cli.ts';
import { useTempDir } from '../support/temp-dir.ts';

/** Column where descriptions start in the usage texts. */
const DESCRIPTION_COLUMN = 29;

/** The `--name` options written in a usage's synopsis lines. */
function synopsisOptions(usage: string): Set<string> {
  const synopsis = usage
    .split('\n')
    .filter((line) => line.trim() !== '' && line.length - line.trimStart().length < DESCRIPTION_COLUMN)
    // A synopsis line may run into the description column (`snapshot verify FILE   integrity …`): cut there.
    .map((line) => {
      const gap = line.search(/\S\s{3,}\S/);
      return gap < 0 ? line : line.slice(0, gap + 1);
    });
  return new Set(synopsis.flatMap((line) => [...line.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]!)));
}

describe('usage lines', () => {
  it('cover every command the main help lists (help and version take no options)', () => {
    const help = runCliProcess(['help']).stdout;
    const commandsPart = help.slice(help.indexOf('Commands:'), help.indexOf('Files:'));
    const listed = new Set([...commandsPart.matchAll(/^ {2}([a-z]+(?: [a-z]+)?)(?= |\[|$)/gm)].map((m) => m[1]!));
    expect(listed.size).toBeGreaterThan(4);
    expect([...listed].filter((name) => name !== 'help' && name !== 'version').sort()).toEqual(
      COMMANDS.map((command) => command.name).sort(),
    );
  });

  for (const command of COMMANDS) {
    it(`${command.name}: the synopsis names exactly the options the parser accepts`, () => {
      expect([...synopsisOptions(command.usage)].sort()).toEqual(Object.keys(command.options).sort());
    });
  }

  it('the check sees a missing option (serve without --ui in its synopsis)', () => {
    const serve = COMMANDS.find((command) => command.name === 'serve')!;
    const withoutUi = serve.usage
      .split('\n')
      .map((line) =>
        line.length - line.trimStart().length < DESCRIPTION_COLUMN ? line.replace(/\[--ui DIR\]/g, '') : line,
      )
      .join('\n');
    expect(synopsisOptions(withoutUi).has('ui')).toBe(false);
    expect(synopsisOptions(serve.usage).has('ui')).toBe(true);
  });

  it('--help prints each command’s usage', () => {
    for (const command of COMMANDS) {
      const run = runCliProcess([...command.name.split(' '), '--help']);
      expect(run.stdout, command.name).toBe(`Usage: ledger-explorer ${command.usage.trimStart()}`);
    }
  });
});

describe('where the files are', () => {
  const dir = useTempDir();

  it('help names the data folder (per system) and the sample snapshot; serve and info --help name the sample', () => {
    const data = join(dir, 'data');
    const env = { ...process.env, LEDGER_EXPLORER_DATA_DIR: data };
    const help = runCliProcess(['help'], undefined, env).stdout;
    expect(help).toMatch(new RegExp(`data folder +${data.replace(/[.\\]/g, '\\$&')}\n`));
    expect(help).toContain('~/.config/ledger-explorer');
    expect(help).toContain('~/Library/Application Support/ledger-explorer');
    expect(help).toContain('%APPDATA%\\ledger-explorer');
    expect(help).toContain(`sample snapshot            ${join(data, SAMPLE_SNAPSHOT_NAME)}\n`);
    for (const args of [
      ['serve', '--help'],
      ['snapshot', 'info', '--help'],
    ])
      expect(runCliProcess(args, undefined, env).stdout, args.join(' ')).toContain(join(data, SAMPLE_SNAPSHOT_NAME));
  });
});

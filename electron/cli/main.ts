/**
 * Entry of the `ledger-explorer` command line. Each command is its own module; this file only
 * dispatches, prints usage, and turns any error into one line on stderr and exit code 1: users
 * pointing the tool at a wrong file get a sentence, not a stack trace (set LEDGER_EXPLORER_DEBUG=1
 * to see the stack).
 *
 * A command's code is imported only to run it: the usage texts live apart (serve-usage.ts, snapshot-usage.ts), so
 * the help and the version load a few modules instead of the whole service and generator (~490 modules, most of a
 * second of start-up; docs/benchmarks.md, "Test suite time").
 */
import { pathToFileURL } from 'node:url';
import { wantsHelp, type CommandSpec } from './cli-args.ts';
import { CliError } from './cli-error.ts';
import { DATA_FOLDER_PLACES, sampleSnapshotPath, userDataFolder } from './data-folder.ts';
import { printSnapshotHelp, SNAPSHOT_COMMANDS, SNAPSHOT_USAGE } from './snapshot-usage.ts';
import { SERVE_COMMAND, SERVE_USAGE } from './serve-usage.ts';

/** Every command that takes options, with its usage and option definitions (the help's test walks these). */
export const COMMANDS: readonly CommandSpec[] = [SERVE_COMMAND, ...SNAPSHOT_COMMANDS];

const usage = `Usage: ledger-explorer <command> [options]

Commands:
${SERVE_USAGE}${SNAPSHOT_USAGE}  help [COMMAND]             show this text, or a command's (also: COMMAND --help, -h)
  version                    print the version (also: --version, -v)

Files:
  data folder                ${userDataFolder()}
${DATA_FOLDER_PLACES.map((place) => `${' '.repeat(29)}${place}\n`).join('')}\
  sample snapshot            ${sampleSnapshotPath()}
                             generated on first use by serve, snapshot info --sample, or the desktop app
`;

/**
 * Runs the command line with the given arguments (without `node` and the script name).
 * Returns the process exit code instead of exiting, so tests can call it in-process.
 */
export async function runCli(args: readonly string[]): Promise<number> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case 'help':
        // `help COMMAND` is `COMMAND --help`.
        if (rest[0] !== undefined) return await runCli([rest[0], '--help']);
        process.stdout.write(usage);
        return 0;
      case undefined:
      case '--help':
      case '-h':
        process.stdout.write(usage);
        return 0;
      case 'version':
      case '--version':
      case '-v': {
        const { version } = await import('../../package.json', { with: { type: 'json' } }).then((m) => m.default);
        process.stdout.write(`${version}\n`);
        return 0;
      }
      case 'snapshot':
        if (printSnapshotHelp(rest)) return 0;
        return await (await import('./snapshot-command.ts')).runSnapshotCommand(rest);
      case 'serve':
        if (wantsHelp(rest)) {
          process.stdout.write(`Usage: ledger-explorer ${SERVE_USAGE.trimStart()}`);
          return 0;
        }
        return await (await import('./serve-command.ts')).runServeCommand(rest);
      default:
        throw new CliError(`unknown command "${command}"; run "ledger-explorer help"`);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`ledger-explorer: ${message.split('\n')[0]}\n`);
    if (process.env.LEDGER_EXPLORER_DEBUG && error instanceof Error && !(error instanceof CliError))
      process.stderr.write(`${error.stack}\n`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runCli(process.argv.slice(2));
}

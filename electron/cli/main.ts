/**
 * Entry of the `ledger-explorer` command line. Each command is its own module; this file only
 * dispatches, prints usage, and turns a thrown {@link CliError} into one line on stderr and a
 * non-zero exit code (no stack traces for user mistakes).
 */
import { pathToFileURL } from 'node:url';

/** An error whose message is meant for the user as is: printed as one line, exit code 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

const usage = `Usage: ledger-explorer <command> [options]

Commands:
  help                       show this text
  version                    print the version
`;

/**
 * Runs the command line with the given arguments (without `node` and the script name).
 * Returns the process exit code instead of exiting, so tests can call it in-process.
 */
export async function runCli(args: readonly string[]): Promise<number> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        process.stdout.write(usage);
        return 0;
      case 'version':
      case '--version': {
        const { version } = await import('../../package.json', { with: { type: 'json' } }).then((m) => m.default);
        process.stdout.write(`${version}\n`);
        return 0;
      }
      default:
        void rest;
        throw new CliError(`unknown command "${command}"; run "ledger-explorer help"`);
    }
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`ledger-explorer: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runCli(process.argv.slice(2));
}

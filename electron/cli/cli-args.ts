/**
 * Argument parsing shared by the commands: `--help`/`-h` anywhere, `node:util` parseArgs with its
 * errors turned into one line that points at the command's help, and option values that start with
 * a dash (`--port -1`) taken as values, so the option's own range check answers instead of
 * parseArgs calling the value "ambiguous".
 */
import { parseArgs, type ParseArgsConfig, type ParseArgsOptionsConfig } from 'node:util';
import { CliError } from './cli-error.ts';

/**
 * A command as its help shows it: the name (`serve`, `snapshot info`), the usage text its `--help` prints, and the
 * options its parser accepts (the same object it parses with, so a test can check that the usage names each one).
 */
export interface CommandSpec {
  readonly name: string;
  readonly usage: string;
  readonly options: ParseArgsOptionsConfig;
}

/** Whether the arguments ask for help (`--help` or `-h` before any `--`). */
export function wantsHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/** `--name VALUE` pairs whose value starts with `-` joined into `--name=VALUE` (for string options only). */
function joinDashValues(args: readonly string[], options: NonNullable<ParseArgsConfig['options']>): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const next = args[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      i += 1;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

/** Parses `args` for `command` (e.g. "snapshot info"); errors become one line naming the help. */
export function parseCommandArgs<T extends Omit<ParseArgsConfig, 'args' | 'strict'>>(
  command: string,
  args: readonly string[],
  config: T,
) {
  try {
    return parseArgs({ ...config, args: joinDashValues(args, config.options ?? {}), strict: true as const });
  } catch (error) {
    // parseArgs explains at length; its first sentence is the problem.
    const message = (error as Error).message.split(/\.\s/)[0]?.replace(/\.$/, '') ?? 'bad arguments';
    throw new CliError(`${command}: ${message}; run "ledger-explorer ${command} --help"`);
  }
}

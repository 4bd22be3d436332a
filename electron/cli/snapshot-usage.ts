/**
 * The snapshot subcommands' usage and options, apart from their code so that the help loads none of it
 * (electron/cli/main.ts imports a command's code only to run it).
 */
import { DEFAULT_GENERATE, MAX_ACCOUNTS, MAX_VERSIONS } from '../snapshot/generate-limits.ts';
import { wantsHelp, type CommandSpec } from './cli-args.ts';
import { CAPTURE_COMMAND } from './capture-usage.ts';
import { sampleSnapshotPath } from './data-folder.ts';

const GENERATE_USAGE = `  snapshot generate --out FILE [--seed N] [--versions N] [--accounts N] [--force] [--progress]
                             write a deterministic sample snapshot (default ${DEFAULT_GENERATE.versions} versions,
                             ${DEFAULT_GENERATE.accounts} accounts; at most ${MAX_VERSIONS} versions,
                             ${MAX_ACCOUNTS} accounts); FILE may be new or a snapshot;
                             --force: replace another regular file (never a link, FIFO, device or folder);
                             --progress: report progress on stderr even when it is not a terminal
`;
const INFO_USAGE = `  snapshot info FILE|--sample [--json] [--digest] [--progress]
                             ledger figures, counts and samples, i.e. places to start (and a content digest);
                             --sample: the sample snapshot, ${sampleSnapshotPath()}
`;
const UPGRADE_USAGE = `  snapshot upgrade IN --out OUT [--force] [--progress]
                             copy a format v2 or v3 snapshot IN to OUT as format v4, adding the indexer tables
                             (account history, holdings, GraphQL) derived from its transactions; IN is only read
`;
const VERIFY_USAGE = `  snapshot verify FILE|--sample [--progress]
                             integrity, format invariants and conservation of balances; exit 0 only when clean
`;

/** `--sample`: the sample snapshot (generated on first use) instead of a FILE. */
const SAMPLE_OPTION = { sample: { type: 'boolean' } } as const;
/** `--progress`: progress on stderr even when it is not a terminal (on a terminal it is always shown). */
const PROGRESS_OPTION = { progress: { type: 'boolean' } } as const;
/** The options `snapshot verify` accepts. */
export const VERIFY_OPTIONS = { ...SAMPLE_OPTION, ...PROGRESS_OPTION } as const;
/** The options `snapshot generate` accepts. */
export const GENERATE_OPTIONS = {
  out: { type: 'string' },
  seed: { type: 'string' },
  versions: { type: 'string' },
  accounts: { type: 'string' },
  force: { type: 'boolean' },
  ...PROGRESS_OPTION,
} as const;
/** The options `snapshot info` accepts. */
export const INFO_OPTIONS = {
  ...SAMPLE_OPTION,
  ...PROGRESS_OPTION,
  json: { type: 'boolean' },
  digest: { type: 'boolean' },
} as const;
/** The options `snapshot upgrade` accepts. */
export const UPGRADE_OPTIONS = { out: { type: 'string' }, force: { type: 'boolean' }, ...PROGRESS_OPTION } as const;

/** The snapshot subcommands, for the help and its test. */
export const SNAPSHOT_COMMANDS: readonly CommandSpec[] = [
  { name: 'snapshot generate', usage: GENERATE_USAGE, options: GENERATE_OPTIONS },
  { name: 'snapshot info', usage: INFO_USAGE, options: INFO_OPTIONS },
  { name: 'snapshot verify', usage: VERIFY_USAGE, options: VERIFY_OPTIONS },
  { name: 'snapshot upgrade', usage: UPGRADE_USAGE, options: UPGRADE_OPTIONS },
  CAPTURE_COMMAND,
];

/** Usage text of the snapshot commands. */
export const SNAPSHOT_USAGE = SNAPSHOT_COMMANDS.map((command) => command.usage).join('');

/**
 * Prints the help `ledger-explorer snapshot ARGS` asks for, if it asks for one (`snapshot` alone, `snapshot help`,
 * `snapshot SUBCOMMAND --help`); returns whether it did.
 */
export function printSnapshotHelp(args: readonly string[]): boolean {
  const [subcommand, ...rest] = args;
  if (subcommand === undefined || subcommand === 'help' || subcommand === '--help' || subcommand === '-h') {
    process.stdout.write(`Usage: ledger-explorer snapshot <command> [options]\n\nCommands:\n${SNAPSHOT_USAGE}`);
    return true;
  }
  const usage = SNAPSHOT_COMMANDS.find((command) => command.name === `snapshot ${subcommand}`)?.usage;
  if (usage !== undefined && wantsHelp(rest)) {
    process.stdout.write(`Usage: ledger-explorer ${usage.trimStart()}`);
    return true;
  }
  return false;
}

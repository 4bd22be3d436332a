/**
 * `snapshot capture`'s usage and options, apart from the command so that the help loads none of the capture
 * (electron/cli/main.ts imports a command's code only to run it).
 */
import type { CommandSpec } from './cli-args.ts';

/** Usage text of `snapshot capture`. */
export const CAPTURE_USAGE = `\
  snapshot capture --remote URL|mainnet|testnet|devnet|localnet --account ADDR [--account ADDR…]
                   [--version V] [--table HANDLE:KEY_TYPE:VALUE_TYPE:KEY_JSON …] [--api-key K]
                   [--max-transactions N] [--window VERSIONS] [--max-write-set-entries N]
                   [--max-write-set-bytes N] [--progress] --out FILE
                             save accounts (resources, modules, events, transaction summaries) and table
                             items as read from a node at version V (default: its latest) into a new snapshot,
                             with the newest N (default 1000; 0: none) transactions that wrote them within the
                             window of VERSIONS versions ending at V (default 100000) in full, each proved by
                             the node's BCS of it, holding at most 100000 write-set entries and 64 MiB of them;
                             --progress: the reads made and their rate on stderr even when it is not a terminal
`;

/** The options `snapshot capture` accepts. */
export const CAPTURE_OPTIONS = {
  remote: { type: 'string' },
  account: { type: 'string', multiple: true },
  version: { type: 'string' },
  table: { type: 'string', multiple: true },
  'api-key': { type: 'string' },
  'max-transactions': { type: 'string' },
  window: { type: 'string' },
  'max-write-set-entries': { type: 'string' },
  'max-write-set-bytes': { type: 'string' },
  out: { type: 'string' },
  progress: { type: 'boolean' },
} as const;

/** `snapshot capture` for the help and its test. */
export const CAPTURE_COMMAND: CommandSpec = {
  name: 'snapshot capture',
  usage: CAPTURE_USAGE,
  options: CAPTURE_OPTIONS,
};

/**
 * Snapshot paths given on the command line (`ledger-explorer-app file.ledgerdb`, or a file
 * association on Windows/Linux, which starts the app with the file as an argument).
 */
import { resolve } from 'node:path';

/**
 * The snapshot path among `argv`, if any: the last argument that is not a switch. `skip` is how
 * many leading entries are the executable (and, unpackaged, the app's entry script).
 */
export function snapshotArgument(argv: readonly string[], skip: number, cwd: string): string | undefined {
  const candidates = argv.slice(skip).filter((arg) => arg !== '' && !arg.startsWith('-'));
  const last = candidates.at(-1);
  return last === undefined ? undefined : resolve(cwd, last);
}

/**
 * The error type of the command line: its message is meant for the user as is, printed as one line.
 */

/** An error whose message is printed as one line on stderr, with exit code 1 (no stack trace). */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/**
 * DevTools: on while developing (`npm start`, an unpackaged app), off in packaged builds — a console in the page
 * could call every function of the bridge and read every reply, and a user can be talked into pasting code there.
 * A packaged build turns them on for one session with the `--enable-devtools` switch or
 * `LEDGER_EXPLORER_DEVTOOLS=1` (docs/security.md).
 */

/** The command-line switch that turns DevTools on in a packaged build. */
export const DEVTOOLS_SWITCH = '--enable-devtools';

/** The environment variable that does the same (value `1`). */
export const DEVTOOLS_ENV = 'LEDGER_EXPLORER_DEVTOOLS';

/** True when DevTools may open: an unpackaged app, or a packaged one started with the switch or the variable. */
export function devToolsAllowed(options: {
  readonly isPackaged: boolean;
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
}): boolean {
  if (!options.isPackaged) return true;
  return options.argv.includes(DEVTOOLS_SWITCH) || options.env[DEVTOOLS_ENV] === '1';
}

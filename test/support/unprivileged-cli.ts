/**
 * Runs the `ledger-explorer` command line as an unprivileged user: started as root (CI and these
 * containers run as root, for whom file permissions never deny anything), it drops to `nobody`
 * (uid/gid 65534); started as anyone else it runs as is. Used by the tests of permission-denied
 * messages. `node unprivileged-cli.ts ARGS…`; prints `uid=N` first on stderr so a test can check
 * who ran.
 *
 * Everything the commands load is loaded before dropping — the command modules and SQLite's native
 * addon (better-sqlite3 loads it on first open) — so `nobody` needs no access to the checkout,
 * wherever it lives; it only meets the files under test.
 */
import Database from 'better-sqlite3';

const NOBODY = 65534;

const { runCli } = await import('../../electron/cli/main.ts');
new Database(':memory:').close();
if (process.getuid?.() === 0) {
  process.setgroups?.([]);
  process.setgid?.(NOBODY);
  process.setuid?.(NOBODY);
}
process.stderr.write(`uid=${process.getuid?.() ?? 'unknown'}\n`);
process.exitCode = await runCli(process.argv.slice(2));

/**
 * Runs the `ledger-explorer` command line as an unprivileged user: started as root (CI and these
 * containers run as root, for whom file permissions never deny anything), it drops to `nobody`
 * (uid/gid 65534) before loading any project code; started as anyone else it runs as is. Used by
 * the tests of permission-denied messages. `node unprivileged-cli.ts ARGS…`; prints `uid=N` first on
 * stderr so a test can check who ran.
 */
const NOBODY = 65534;

if (process.getuid?.() === 0) {
  process.setgroups?.([]);
  process.setgid?.(NOBODY);
  process.setuid?.(NOBODY);
}
process.stderr.write(`uid=${process.getuid?.() ?? 'unknown'}\n`);
const { runCli } = await import('../../electron/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));

/**
 * `ledger-explorer snapshot generate|info|verify`: create a sample ledger snapshot, show its figures
 * and samples, or check it. Output is for people by default and JSON with `--json`.
 */
import { parseArgs } from 'node:util';
import { generateSnapshot, DEFAULT_GENERATE } from '../snapshot/generate.ts';
import { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { snapshotInfo } from '../snapshot/snapshot-info.ts';
import { verifySnapshot } from '../snapshot/snapshot-verify.ts';
import { contentDigest } from '../snapshot/snapshot-digest.ts';
import { CliError } from './cli-error.ts';
import { CAPTURE_USAGE, runCaptureCommand } from './capture-command.ts';

/** Usage text of the snapshot commands. */
export const SNAPSHOT_USAGE = `  snapshot generate --out FILE [--seed N] [--versions N] [--accounts N]
                             write a deterministic sample snapshot (default ${DEFAULT_GENERATE.versions} versions, ${DEFAULT_GENERATE.accounts} accounts)
  snapshot info FILE [--json] [--digest]
                             ledger figures, counts and samples (and a content digest)
  snapshot verify FILE       integrity and format invariants; exit 0 only when clean
${CAPTURE_USAGE}`;

function integerOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new CliError(`--${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

function fileArgument(positionals: readonly string[], command: string): string {
  const [file, ...extra] = positionals;
  if (!file) throw new CliError(`snapshot ${command} needs a FILE argument`);
  if (extra.length > 0) throw new CliError(`snapshot ${command}: unexpected argument "${extra[0]}"`);
  return file;
}

function generate(args: readonly string[]): number {
  const { values } = parseArgs({
    args: [...args],
    options: { out: { type: 'string' }, seed: { type: 'string' }, versions: { type: 'string' }, accounts: { type: 'string' } },
    strict: true,
  });
  if (!values.out) throw new CliError('snapshot generate needs --out FILE');
  const started = performance.now();
  let summary;
  try {
    summary = generateSnapshot({
      out: values.out,
      seed: integerOption(values.seed, 'seed'),
      versions: integerOption(values.versions, 'versions'),
      accounts: integerOption(values.accounts, 'accounts'),
    });
  } catch (error) {
    if (error instanceof RangeError) throw new CliError(error.message);
    throw error;
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `wrote ${values.out}: versions 0..${summary.latestVersion} (oldest retained ${summary.oldestVersion}), ` +
      `${summary.blocks} blocks, ${summary.epochs} epochs, ${summary.accounts} user accounts in ${seconds.toFixed(1)} s\n`,
  );
  return 0;
}

function withStore<T>(file: string, use: (store: SnapshotStore) => T): T {
  const store = SnapshotStore.open(file);
  try {
    return use(store);
  } finally {
    store.close();
  }
}

function info(args: readonly string[]): number {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { json: { type: 'boolean' }, digest: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  const file = fileArgument(positionals, 'info');
  const document = withStore(file, (store) => ({
    ...snapshotInfo(store),
    ...(values.digest ? { contentDigest: contentDigest(store.database) } : {}),
  }));
  if (values.json) {
    process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    return 0;
  }
  const lines = [
    `snapshot ${file}`,
    `  chain id ${document.chainId}, epoch ${document.epoch}, block height ${document.blockHeight}`,
    `  versions ${document.oldestVersion}..${document.latestVersion} retained (ledger starts at 0)`,
    ...Object.entries(document.counts).map(([table, count]) => `  ${table}: ${count}`),
    `  sample accounts: ${document.samples.accounts.join(', ')}`,
    ...document.samples.eventStreams.map((s) => `  events ${s.address}/${s.creationNumber} (${s.struct}.${s.field}): ${s.count}`),
    ...document.samples.tables.map((t) => `  table ${t.handle} <${t.keyType}, ${t.valueType}>: e.g. ${JSON.stringify(t.keys[0])}`),
    ...('contentDigest' in document ? [`  content digest ${document.contentDigest}`] : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

function verify(args: readonly string[]): number {
  const { positionals } = parseArgs({ args: [...args], options: {}, allowPositionals: true, strict: true });
  const file = fileArgument(positionals, 'verify');
  const report = withStore(file, (store) => verifySnapshot(store));
  const figures = Object.entries(report.checked).map(([what, n]) => `${what} ${n}`).join(', ');
  if (report.ok) {
    process.stdout.write(`ok: ${file} (${figures})\n`);
    return 0;
  }
  process.stdout.write(`FAILED: ${file} (${figures})\n${report.problems.map((p) => `  ${p}`).join('\n')}\n`);
  return 1;
}

/** Runs `snapshot <subcommand> ...`; returns the exit code. */
export function runSnapshotCommand(args: readonly string[]): number | Promise<number> {
  const [subcommand, ...rest] = args;
  switch (subcommand) {
    case 'generate':
      return generate(rest);
    case 'info':
      return info(rest);
    case 'verify':
      return verify(rest);
    case 'capture':
      return runCaptureCommand(rest);
    default:
      throw new CliError(`unknown snapshot command "${subcommand ?? ''}"; expected generate, info, verify or capture`);
  }
}

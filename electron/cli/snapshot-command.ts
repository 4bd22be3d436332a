/**
 * `ledger-explorer snapshot generate|info|verify`: create a sample ledger snapshot, show its figures
 * and samples, or check it. Output is for people by default and JSON with `--json`.
 */
import { writeFileSync } from 'node:fs';
import { generateSnapshot } from '../snapshot/generate.ts';
import { OutputPathError } from '../snapshot/output-path.ts';
import { describeSqliteError, isSqliteError } from '../snapshot/sqlite-errors.ts';
import { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { snapshotInfo } from '../snapshot/snapshot-info.ts';
import { verifySnapshot } from '../snapshot/snapshot-verify.ts';
import { contentDigest } from '../snapshot/snapshot-digest.ts';
import { CodecError } from '../../shared/codec-error.ts';
import { CliError } from './cli-error.ts';
import { parseCommandArgs } from './cli-args.ts';
import { runCaptureCommand } from './capture-command.ts';
import { ensureSampleSnapshot } from './sample-snapshot.ts';
import {
  GENERATE_OPTIONS,
  INFO_OPTIONS,
  printSnapshotHelp,
  UPGRADE_OPTIONS,
  VERIFY_OPTIONS,
} from './snapshot-usage.ts';
import { SnapshotOpenError } from '../snapshot/open-snapshot.ts';
import { hasCurrentLayout, indexerUpgradeHint, upgradeSnapshot, UpgradeError } from '../indexer/upgrade-snapshot.ts';
import { INDEXER_FORMAT_VERSION } from '../snapshot/schema.ts';
import { progressReporter, type Progress } from '../snapshot/progress.ts';
import { isDecimalText } from '../../shared/ledger/u64.ts';

function integerOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!isDecimalText(value)) throw new CliError(`--${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

/** Progress of this command on stderr: always on a terminal, elsewhere only with `--progress`. */
const cliProgress = (force: boolean | undefined): Progress => progressReporter(process.stderr, { force });

/** The FILE argument, or the sample snapshot's path with `--sample` (generated first when missing). */
function fileArgument(
  positionals: readonly string[],
  sample: boolean | undefined,
  command: string,
  progress: Progress,
): string {
  const [file, ...extra] = positionals;
  if (sample && file !== undefined) throw new CliError(`snapshot ${command}: give a FILE or --sample, not both`);
  if (sample) return ensureSampleSnapshot((line) => void process.stderr.write(`${line}\n`), progress);
  if (!file) throw new CliError(`snapshot ${command} needs a FILE argument (or --sample for the sample snapshot)`);
  if (extra.length > 0) throw new CliError(`snapshot ${command}: unexpected argument "${extra[0]}"`);
  return file;
}

function generate(args: readonly string[]): number {
  const { values } = parseCommandArgs('snapshot generate', args, { options: GENERATE_OPTIONS });
  if (!values.out) throw new CliError('snapshot generate needs --out FILE');
  const started = performance.now();
  let summary;
  try {
    summary = generateSnapshot({
      out: values.out,
      force: values.force,
      seed: integerOption(values.seed, 'seed'),
      versions: integerOption(values.versions, 'versions'),
      accounts: integerOption(values.accounts, 'accounts'),
      progress: cliProgress(values.progress),
    });
  } catch (error) {
    if (error instanceof RangeError || error instanceof OutputPathError) throw new CliError(error.message);
    if (isSqliteError(error)) throw new CliError(`cannot write ${values.out}: ${describeSqliteError(error)}`);
    throw error;
  }
  const seconds = (performance.now() - started) / 1000;
  // For the sample benchmark only (test/bench/sample-bench.ts): what the finishing indexer pass cost, so generating
  // is measured with and without it from one run.
  const report = process.env.LEDGER_EXPLORER_BENCH_REPORT;
  if (report)
    writeFileSync(report, JSON.stringify({ indexerCpuMs: summary.indexerCpuMs, indexerWallMs: summary.indexerWallMs }));
  process.stdout.write(
    `wrote ${values.out}: versions 0..${summary.latestVersion} (oldest retained ${summary.oldestVersion}), ` +
      `${summary.blocks} blocks, ${summary.epochs} ` +
      `epochs, ${summary.accounts} user accounts in ${seconds.toFixed(1)} s\n`,
  );
  return 0;
}

/** Runs `use` on the open store; an SQLite error on the way (a damaged page, a missing table) names the file. */
function withStore<T>(file: string, use: (store: SnapshotStore) => T): T {
  const store = SnapshotStore.open(file);
  // An older file is read as it is; one line (on stderr, so `--json` output stays JSON) says how to upgrade it.
  const hint = indexerUpgradeHint(file, store.meta.formatVersion, hasCurrentLayout(store.database));
  if (hint !== undefined) process.stderr.write(`note: ${hint}\n`);
  try {
    return use(store);
  } catch (error) {
    if (isSqliteError(error)) throw new CliError(`${file}: ${describeSqliteError(error)}`);
    // Stored data that does not decode: the message names the value and its version (stored-value-names.ts).
    if (error instanceof CodecError) throw new CliError(`${file}: ${error.message}`);
    throw error;
  } finally {
    store.close();
  }
}

function info(args: readonly string[]): number {
  const { values, positionals } = parseCommandArgs('snapshot info', args, {
    options: INFO_OPTIONS,
    allowPositionals: true,
  });
  const progress = cliProgress(values.progress);
  const file = fileArgument(positionals, values.sample, 'info', progress);
  const document = withStore(file, (store) => ({
    ...snapshotInfo(store),
    ...(values.digest ? { contentDigest: contentDigest(store.database, progress) } : {}),
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
    ...document.samples.eventStreams.map(
      (s) => `  events ${s.address}/${s.creationNumber} (${s.struct}.${s.field}): ${s.count}`,
    ),
    ...document.samples.largeAccounts.map((a) => `  large account ${a.address}: ${a.resources} resources`),
    ...document.samples.tables.map(
      (t) => `  table ${t.handle} <${t.keyType}, ${t.valueType}>: e.g. ${JSON.stringify(t.keys[0])}`,
    ),
    ...Object.entries(document.samples.transactions).flatMap(([shape, sample]) =>
      sample ? [`  ${shape} transaction: version ${sample.version} (${sample.hash})`] : [],
    ),
    ...(document.samples.fungibleAssets.length > 0
      ? [`  fungible assets: ${document.samples.fungibleAssets.join(', ')}`]
      : []),
    ...('contentDigest' in document ? [`  content digest ${document.contentDigest}`] : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

function verify(args: readonly string[]): number {
  const { values, positionals } = parseCommandArgs('snapshot verify', args, {
    options: VERIFY_OPTIONS,
    allowPositionals: true,
  });
  const progress = cliProgress(values.progress);
  const file = fileArgument(positionals, values.sample, 'verify', progress);
  const report = withStore(file, (store) => verifySnapshot(store, progress));
  const figures = Object.entries(report.checked)
    .map(([what, n]) => `${what} ${n}`)
    .join(', ');
  if (report.ok) {
    process.stdout.write(`ok: ${file} (${figures})\n`);
    return 0;
  }
  process.stdout.write(`FAILED: ${file} (${figures})\n${report.problems.map((p) => `  ${p}`).join('\n')}\n`);
  return 1;
}

function upgrade(args: readonly string[]): number {
  const { values, positionals } = parseCommandArgs('snapshot upgrade', args, {
    options: UPGRADE_OPTIONS,
    allowPositionals: true,
  });
  const [input, ...extra] = positionals;
  if (input === undefined) throw new CliError('snapshot upgrade needs an IN file');
  if (extra.length > 0) throw new CliError(`snapshot upgrade: unexpected argument "${extra[0]}"`);
  if (!values.out) throw new CliError('snapshot upgrade needs --out OUT (IN is never modified)');
  let summary;
  const progress = cliProgress(values.progress);
  try {
    summary = upgradeSnapshot(input, values.out, values.force ?? false, progress);
  } catch (error) {
    if (error instanceof UpgradeError || error instanceof OutputPathError || error instanceof SnapshotOpenError)
      throw new CliError(error.message);
    if (isSqliteError(error)) throw new CliError(`cannot upgrade ${input}: ${describeSqliteError(error)}`);
    throw error;
  } finally {
    progress.end();
  }
  const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
  process.stdout.write(
    `wrote ${values.out}: format v${summary.fromVersion} → v${INDEXER_FORMAT_VERSION}, ${rows} indexer rows\n`,
  );
  return 0;
}

/** Runs `snapshot <subcommand> ...`; returns the exit code. */
export function runSnapshotCommand(args: readonly string[]): number | Promise<number> {
  if (printSnapshotHelp(args)) return 0;
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
    case 'upgrade':
      return upgrade(rest);
    default:
      throw new CliError(
        `unknown snapshot command "${subcommand}"; expected generate, ` +
          'info, verify, capture or upgrade (run "ledger-explorer snapshot --help")',
      );
  }
}

/**
 * `ledger-explorer snapshot capture --remote URL --account ADDR … [--version V] [--table …] --out FILE`:
 * reads accounts from a node (through the remote source: timeouts, retries, shape checks) and writes
 * them as a snapshot whose service answers those reads as the node did. Progress goes to stderr;
 * Ctrl-C stops the capture and leaves no file (everything is written at the end, atomically).
 */
import { lstatSync } from 'node:fs';
import { captureLedger } from '../snapshot/capture/capture-ledger.ts';
import { CaptureError, type TableItemRequest } from '../snapshot/capture/capture-types.ts';
import { writeCapture } from '../snapshot/capture/write-capture.ts';
import { checkOutputPath, OutputPathError } from '../snapshot/output-path.ts';
import { OutputExistsError } from '../snapshot/snapshot-writer.ts';
import { AddressError } from '../../shared/codec-error.ts';
import { isNodeProfileName, resolveNodeUrl } from '../../shared/node-profiles.ts';
import { uniqueAccounts } from '../service/capture/capture-accounts.ts';
import { openDataSource } from '../service/data-source.ts';
import { parseCommandArgs } from './cli-args.ts';
import { CAPTURE_OPTIONS } from './capture-usage.ts';
import { CliError } from './cli-error.ts';
import { progressReporter } from '../snapshot/progress.ts';
import { isU64Text, readDecimal } from '../../shared/ledger/u64.ts';

/** A decimal option value from 0 to `max`, or undefined when not given. */
function countOption(name: string, text: string | undefined, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = readDecimal(text, BigInt(max));
  if (typeof value !== 'bigint') throw new CliError(`--${name} must be an integer from 0 to ${max}, got "${text}"`);
  return Number(value);
}

/** Index of the first lone `:` (not part of `::`) at or after `from`, or -1. */
function loneColon(text: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] !== ':') continue;
    if (text[i + 1] === ':') {
      i += 1;
      continue;
    }
    return i;
  }
  return -1;
}

/**
 * Parses `HANDLE:KEY_TYPE:VALUE_TYPE:KEY_JSON`. Type tags contain `::`, so the separators are the
 * lone colons; the key JSON is everything after the third one.
 */
export function parseTableOption(text: string): TableItemRequest {
  const first = loneColon(text, 0);
  const second = first < 0 ? -1 : loneColon(text, first + 1);
  const third = second < 0 ? -1 : loneColon(text, second + 1);
  if (third < 0) throw new CliError(`--table must be HANDLE:KEY_TYPE:VALUE_TYPE:KEY_JSON, got "${text}"`);
  const keyText = text.slice(third + 1);
  let key: unknown;
  try {
    key = JSON.parse(keyText);
  } catch {
    throw new CliError(`--table: the key ${keyText} is not JSON (a string key needs quotes: '"abc"')`);
  }
  return {
    handle: text.slice(0, first),
    keyType: text.slice(first + 1, second),
    valueType: text.slice(second + 1, third),
    key,
  };
}

/**
 * Refuses, before any reading, an `--out` that names anything (a file, a folder, even a dangling
 * symbolic link) or lies in a missing or read-only folder: a capture may take minutes, and its
 * file must then have somewhere to go.
 */
function checkCaptureOut(out: string): void {
  let taken = true;
  try {
    lstatSync(out);
  } catch {
    taken = false;
  }
  if (taken) throw new CliError(`${out} already exists (a capture never replaces a file)`);
  try {
    checkOutputPath(out, false);
  } catch (error) {
    if (error instanceof OutputPathError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * The `--account` values, each once (canonical form), before any read: the same account given twice
 * (`0x1` and `0x01`) is captured once, with a note on stderr; an invalid address is refused.
 */
function checkAccounts(given: readonly string[]): readonly string[] {
  try {
    const { accounts, repeats } = uniqueAccounts(given);
    for (const repeat of repeats)
      process.stderr.write(`note: --account ${repeat.given} repeats ${repeat.account}: captured once\n`);
    return accounts;
  } catch (error) {
    if (error instanceof AddressError) throw new CliError(`--account: ${error.message}`);
    throw error;
  }
}

/** Runs `snapshot capture …`; resolves with the exit code. */
export async function runCaptureCommand(args: readonly string[]): Promise<number> {
  const { values } = parseCommandArgs('snapshot capture', args, { options: CAPTURE_OPTIONS });
  if (values.remote === undefined)
    throw new CliError('snapshot capture needs --remote URL (or mainnet, testnet, devnet, localnet)');
  if (!values.out) throw new CliError('snapshot capture needs --out FILE');
  if (!values.account?.length) throw new CliError('snapshot capture needs at least one --account ADDR');
  if (values.version !== undefined && !isU64Text(values.version))
    throw new CliError(`--version must be a decimal u64, got "${values.version}"`);
  const maxTransactions = countOption('max-transactions', values['max-transactions'], 100_000);
  const window = countOption('window', values.window, 100_000_000);
  if (window === 0) throw new CliError('--window must be at least 1 version');
  const writeSetEntries = countOption('max-write-set-entries', values['max-write-set-entries'], 100_000_000);
  const writeSetBytes = countOption('max-write-set-bytes', values['max-write-set-bytes'], 999_999_999);
  const accounts = checkAccounts(values.account);
  checkCaptureOut(values.out);
  let nodeUrl: string;
  try {
    nodeUrl = resolveNodeUrl(values.remote);
  } catch (error) {
    throw new CliError(`--remote: ${(error as Error).message}`);
  }
  const tables = (values.table ?? []).map(parseTableOption);
  const stop = new AbortController();
  // A one-off read of each page: no cache.
  const remote = openDataSource(
    {
      kind: 'remote',
      baseUrl: nodeUrl,
      apiKey: values['api-key'],
      profileName: isNodeProfileName(values.remote) ? values.remote : undefined,
    },
    { responseCache: false, signal: stop.signal },
  );
  const interrupt = (): void => stop.abort(new CliError('capture interrupted: nothing was written'));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const started = performance.now();
  const progress = progressReporter(process.stderr, { force: values.progress });
  // A step line first clears a progress line drawn in place on a terminal (the next update draws it again).
  const step = (line: string): void => void process.stderr.write(`${process.stderr.isTTY ? '\r\x1b[K' : ''}${line}\n`);
  try {
    const data = await captureLedger(
      { fetch: remote.handler, baseUrl: 'http://127.0.0.1/v1', nodeUrl },
      {
        accounts,
        version: values.version === undefined ? undefined : BigInt(values.version),
        tables,
        maxTransactions,
        transactionWindow: window === undefined ? undefined : BigInt(window),
        limits: {
          ...(writeSetEntries === undefined ? {} : { writeSetEntries }),
          ...(writeSetBytes === undefined ? {} : { writeSetBytes }),
        },
        onProgress: step,
        meter: progress,
        signal: stop.signal,
      },
    );
    writeCapture(data, values.out, progress);
    progress.end();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `wrote ${values.out}: ${data.accounts.length} ` +
        `accounts, ${data.resources.length} resources, ${data.modules.length} modules, ` +
        `${data.events.length} events, ${data.summaries.length} summaries, ${data.tableItems.length} ` +
        `table items, ${data.transactions.length} transactions in full at version ${data.version} in ${seconds} s\n`,
    );
    return 0;
  } catch (error) {
    if (stop.signal.aborted) throw stop.signal.reason as Error;
    if (error instanceof CaptureError || error instanceof OutputExistsError) throw new CliError(error.message);
    throw error;
  } finally {
    progress.end();
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    remote.close();
  }
}

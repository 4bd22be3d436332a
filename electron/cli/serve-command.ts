/**
 * `ledger-explorer serve [--snapshot FILE] [--host 127.0.0.1] [--port N]`: the read service without
 * Electron, over HTTP. Without --snapshot it serves the sample snapshot, generating it on first use
 * into the user's data folder. Binds loopback by default; stops cleanly on SIGTERM/SIGINT.
 */
import { join } from 'node:path';
import { isNodeProfileName, resolveIndexerUrl, resolveNodeUrl } from '../../shared/node-profiles.ts';
import { captureTargetFor } from '../service/capture/capture-target.ts';
import { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { hasCurrentLayout, indexerUpgradeHint } from '../indexer/upgrade-snapshot.ts';
import { openDataSource, type DataSource, type DataSourceSpec } from '../service/data-source.ts';
import { DEFAULT_MAX_CONNECTIONS, startHttpServer, type RunningHttpServer } from '../service/http-server.ts';
import { isLoopback } from '../service/host-check.ts';
import { loadStaticUi, withStaticUi } from '../service/static-ui.ts';
import { loadSsrPages } from '../service/ssr-page.ts';
import { corsPolicyFor, parseCorsOrigin, withCors } from '../service/cors.ts';
import { CliError } from './cli-error.ts';
import { parseCommandArgs, wantsHelp } from './cli-args.ts';
import { sampleSnapshotPath, userDataFolder } from './data-folder.ts';
import { SERVE_OPTIONS, SERVE_USAGE } from './serve-usage.ts';
import { startHints } from './start-hints.ts';
import { readDecimal } from '../../shared/ledger/u64.ts';

const DEFAULT_PORT = 8080;
/** Where `npm run build:ui` (also run by `npm ci` through `prepare`) puts the web UI. */
const DEFAULT_UI_FOLDER = join(import.meta.dirname, '..', '..', 'dist', 'renderer');

function parseMaxConnections(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_CONNECTIONS;
  const value = readDecimal(text, 1_000_000n);
  if (typeof value !== 'bigint' || value < 1n)
    throw new CliError(`--max-connections must be a number from 1 to 1000000, got "${text}"`);
  return Number(value);
}

function parseMaxInFlight(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = readDecimal(text, 10_000n);
  if (typeof value !== 'bigint' || value < 1n)
    throw new CliError(`--max-in-flight must be a number from 1 to 10000, got "${text}"`);
  return Number(value);
}

function parsePort(text: string | undefined, option = '--port'): number {
  if (text === undefined) return DEFAULT_PORT;
  const value = readDecimal(text, 65_535n);
  if (typeof value !== 'bigint') throw new CliError(`${option} must be a number from 0 to 65535, got "${text}"`);
  return Number(value);
}

/** Runs `serve` until SIGTERM or SIGINT; resolves with the exit code. */
export async function runServeCommand(args: readonly string[]): Promise<number> {
  if (wantsHelp(args)) {
    process.stdout.write(`Usage: ledger-explorer ${SERVE_USAGE.trimStart()}`);
    return 0;
  }
  const { values } = parseCommandArgs('serve', args, { options: SERVE_OPTIONS });
  const port = parsePort(values.port);
  const indexerPort =
    values['indexer-port'] === undefined ? undefined : parsePort(values['indexer-port'], '--indexer-port');
  const maxConnections = parseMaxConnections(values['max-connections']);
  const maxInFlight = parseMaxInFlight(values['max-in-flight']);
  const host = values.host ?? '127.0.0.1';
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const remote = values.remote;
  if (remote !== undefined && values.snapshot !== undefined)
    throw new CliError('--remote and --snapshot cannot be used together');
  if (remote === undefined && values['api-key'] !== undefined) throw new CliError('--api-key needs --remote');
  if (remote === undefined && maxInFlight !== undefined) throw new CliError('--max-in-flight needs --remote');
  if (remote === undefined && values.indexer !== undefined)
    throw new CliError('--indexer needs --remote (a snapshot answers /v1/graphql from its own indexer tables)');
  let indexerUrl: string | undefined;
  try {
    indexerUrl = values.indexer === undefined ? undefined : resolveIndexerUrl(values.indexer);
  } catch (error) {
    throw new CliError(`--indexer: ${(error as Error).message}`);
  }
  if (values['share-api-key'] && values['api-key'] === undefined) throw new CliError('--share-api-key needs --api-key');
  // Every request reaching the proxy is sent with the key: on a reachable address, anyone could spend it (even POST
  // /v1/transactions).
  if (values['api-key'] !== undefined && !isLoopback(host) && !values['share-api-key']) {
    throw new CliError(
      `--api-key with --host ${host} would let anyone who reaches this server ` +
        'use the key; bind a loopback address, or add --share-api-key to allow it',
    );
  }
  let corsOrigins: string[];
  try {
    corsOrigins = (values['cors-origin'] ?? []).map(parseCorsOrigin);
  } catch (error) {
    throw new CliError(`--cors-origin: ${(error as Error).message}`);
  }
  const cors = corsPolicyFor({ apiKey: values['api-key'] !== undefined, origins: corsOrigins });
  let nodeUrl: string | undefined;
  try {
    nodeUrl = remote === undefined ? undefined : resolveNodeUrl(remote);
  } catch (error) {
    throw new CliError(`--remote: ${(error as Error).message}`);
  }
  const spec: DataSourceSpec =
    nodeUrl === undefined
      ? // Without --snapshot: the sample, generated into the user's data folder on first use.
        {
          kind: 'snapshot',
          path: values.snapshot ?? sampleSnapshotPath(),
          generateIfMissing: values.snapshot === undefined,
        }
      : {
          kind: 'remote',
          baseUrl: nodeUrl,
          apiKey: values['api-key'],
          profileName: remote !== undefined && isNodeProfileName(remote) ? remote : undefined,
          options: { maxInFlight },
          indexerUrl,
        };
  let source: DataSource | undefined;
  let server;
  let indexerServer: RunningHttpServer | undefined;
  let uiUrl: string | undefined;
  try {
    source = openDataSource(spec, {
      // Captures ("Save to snapshot") are written only by servers no other machine can reach.
      capturesFolder: captureTargetFor(host, join(userDataFolder(), 'captures'))?.folder,
      responseCache: values['no-cache'] && spec.kind === 'snapshot' ? false : undefined,
      onGenerate: (path) => log(`generating the sample snapshot into ${path} (first use only)…`),
    });
    const service = source.handler;
    const ui = loadStaticUi(values.ui ?? DEFAULT_UI_FOLDER, { pages: loadSsrPages });
    if (!ui)
      log(
        `the web UI is not built (no ${join(values.ui ?? DEFAULT_UI_FOLDER, 'index.html')}): ` +
          'serving the API only; run "npm run build:ui"',
      );
    const handler = withCors(ui ? withStaticUi(service, ui) : service, cors);
    server = await startHttpServer({ handler, host, port, maxConnections });
    // The same service on a second port, so the official explorer's "local" network finds /v1/graphql there.
    if (indexerPort !== undefined) {
      try {
        indexerServer = await startHttpServer({ handler, host, port: indexerPort, maxConnections });
      } catch (error) {
        await server.close();
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
          throw new CliError(`--indexer-port ${indexerPort} on ${host} is already in use`);
        throw error;
      }
    }
    if (ui) uiUrl = `${server.url}/`;
  } catch (error) {
    source?.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new CliError(`port ${port} on ${host} is already in use (try --port 0)`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw new CliError(`cannot bind ${host}: no such local address`);
    throw error;
  }
  const running = server;
  // The signal handlers are in place before "listening on" is printed: a client (or test) that stops the server
  // as soon as it reads that line must get the clean exit, not the default signal death.
  const stopped = new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      void Promise.all([running.close(), indexerServer?.close()]).finally(resolve);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
  if (source.description.kind === 'snapshot' && source.store instanceof SnapshotStore) {
    const hint = indexerUpgradeHint(
      source.description.path,
      source.store.meta.formatVersion,
      hasCurrentLayout(source.store.database),
    );
    if (hint !== undefined) process.stderr.write(`note: ${hint}\n`);
  }
  process.stdout.write(`listening on ${server.url}\n`);
  if (indexerServer) process.stdout.write(`indexer (GraphQL): ${indexerServer.url}/v1/graphql\n`);
  if (source.description.kind === 'remote') process.stdout.write(`proxying ${source.description.url}\n`);
  if (uiUrl) process.stdout.write(`web UI: ${uiUrl}\n`);
  if (uiUrl && source.store && source.description.kind === 'snapshot') {
    process.stdout.write(startHints(source.store, uiUrl, source.description.path));
  }
  await stopped;
  source.close();
  return 0;
}

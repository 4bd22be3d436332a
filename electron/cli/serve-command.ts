/**
 * `ledger-explorer serve [--snapshot FILE] [--host 127.0.0.1] [--port N]`: the read service without
 * Electron, over HTTP. Without --snapshot it serves the sample snapshot, generating it on first use
 * into the user's data folder. Binds loopback by default; stops cleanly on SIGTERM/SIGINT.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { captureTargetFor } from '../service/remote/capture-route.ts';
import { isNodeProfileName, resolveNodeUrl } from '../../shared/node-profiles.ts';
import { createRemoteService } from '../service/remote/remote-service.ts';
import { createReadService } from '../service/read-service.ts';
import { DEFAULT_MAX_CONNECTIONS, startHttpServer } from '../service/http-server.ts';
import { isLoopback } from '../service/host-check.ts';
import { loadStaticUi, withStaticUi } from '../service/static-ui.ts';
import { generateSnapshot } from '../snapshot/generate.ts';
import { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { CliError } from './cli-error.ts';
import { parseCommandArgs, wantsHelp } from './cli-args.ts';
import { SAMPLE_SNAPSHOT_NAME, userDataFolder } from './data-folder.ts';

/** Usage text of `serve`. */
export const SERVE_USAGE = `  serve [--snapshot FILE] [--host 127.0.0.1] [--port 8080] [--no-cache] [--max-connections ${DEFAULT_MAX_CONNECTIONS}]
                             serve the node read API (/v1) and explorer API (/explorer/v1) over HTTP;
                             without --snapshot, the sample snapshot (generated on first use); --port 0 = any free port;
                             --no-cache: answer every request from the store (no reply cache);
                             --max-connections: more open connections are refused (each may buffer an 8 MiB body);
                             the web UI is served at / (--ui DIR: another build of it)
  serve --remote URL|mainnet|testnet|devnet|localnet [--api-key K [--share-api-key]] [--host …] [--port …] [--ui DIR]
                             the same over a remote node instead of a snapshot (its /v1 is proxied, with
                             timeouts, retries and checks; --api-key is sent as a bearer token; with a
                             non-loopback --host only with --share-api-key: everyone who reaches the
                             server then uses the key)
`;

const DEFAULT_PORT = 8080;
/** Where `npm run build:ui` (also run by `npm ci` through `prepare`) puts the web UI. */
const DEFAULT_UI_FOLDER = join(import.meta.dirname, '..', '..', 'dist', 'renderer');

/** The sample snapshot's path, generating it first when it does not exist yet. */
function ensureSampleSnapshot(log: (line: string) => void): string {
  const folder = userDataFolder();
  const path = join(folder, SAMPLE_SNAPSHOT_NAME);
  if (!existsSync(path)) {
    mkdirSync(folder, { recursive: true });
    log(`generating the sample snapshot into ${path} (first use only)…`);
    generateSnapshot({ out: path });
  }
  return path;
}

function parseMaxConnections(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_CONNECTIONS;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 1_000_000)
    throw new CliError(`--max-connections must be a number from 1 to 1000000, got "${text}"`);
  return Number(text);
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  if (!/^\d+$/.test(text) || Number(text) > 65_535)
    throw new CliError(`--port must be a number from 0 to 65535, got "${text}"`);
  return Number(text);
}

/** Runs `serve` until SIGTERM or SIGINT; resolves with the exit code. */
export async function runServeCommand(args: readonly string[]): Promise<number> {
  if (wantsHelp(args)) {
    process.stdout.write(`Usage: ledger-explorer ${SERVE_USAGE.trimStart()}`);
    return 0;
  }
  const { values } = parseCommandArgs('serve', args, {
    options: {
      snapshot: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      'no-cache': { type: 'boolean' },
      ui: { type: 'string' },
      remote: { type: 'string' },
      'api-key': { type: 'string' },
      'share-api-key': { type: 'boolean' },
      'max-connections': { type: 'string' },
    },
  });
  const port = parsePort(values.port);
  const maxConnections = parseMaxConnections(values['max-connections']);
  const host = values.host ?? '127.0.0.1';
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const remote = values.remote;
  if (remote !== undefined && values.snapshot !== undefined)
    throw new CliError('--remote and --snapshot cannot be used together');
  if (remote === undefined && values['api-key'] !== undefined) throw new CliError('--api-key needs --remote');
  if (values['share-api-key'] && values['api-key'] === undefined) throw new CliError('--share-api-key needs --api-key');
  // Every request reaching the proxy is sent with the key: on a reachable address, anyone could spend it (even POST
  // /v1/transactions).
  if (values['api-key'] !== undefined && !isLoopback(host) && !values['share-api-key']) {
    throw new CliError(
      `--api-key with --host ${host} would let anyone who reaches this server use the key; bind a loopback address, or add --share-api-key to allow it`,
    );
  }
  let nodeUrl: string | undefined;
  try {
    nodeUrl = remote === undefined ? undefined : resolveNodeUrl(remote);
  } catch (error) {
    throw new CliError(`--remote: ${(error as Error).message}`);
  }
  const snapshotPath = nodeUrl === undefined ? (values.snapshot ?? ensureSampleSnapshot(log)) : undefined;
  const store = snapshotPath === undefined ? undefined : SnapshotStore.open(snapshotPath);
  const source = { kind: 'snapshot', name: basename(snapshotPath ?? ''), origin: store?.origin() ?? null } as const;
  // Captures ("Save to snapshot") are written only by servers no other machine can reach.
  const capture = captureTargetFor(
    host,
    join(userDataFolder(), 'captures'),
    snapshotPath === undefined ? undefined : pathToFileURL(snapshotPath).href,
  );
  let server;
  let uiUrl: string | undefined;
  try {
    const service = store
      ? createReadService({
          store,
          source,
          capture,
          responseCache: values['no-cache'] ? false : undefined,
          snapshotFile: snapshotPath,
        })
      : createRemoteService({
          baseUrl: nodeUrl ?? '',
          apiKey: values['api-key'],
          profileName: remote !== undefined && isNodeProfileName(remote) ? remote : undefined,
          capture,
        });
    const ui = loadStaticUi(values.ui ?? DEFAULT_UI_FOLDER);
    if (!ui)
      log(
        `the web UI is not built (no ${join(values.ui ?? DEFAULT_UI_FOLDER, 'index.html')}): serving the API only; run "npm run build:ui"`,
      );
    server = await startHttpServer({ handler: ui ? withStaticUi(service, ui) : service, host, port, maxConnections });
    if (ui) uiUrl = `${server.url}/`;
  } catch (error) {
    store?.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new CliError(`port ${port} on ${host} is already in use (try --port 0)`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw new CliError(`cannot bind ${host}: no such local address`);
    throw error;
  }
  process.stdout.write(`listening on ${server.url}\n`);
  if (nodeUrl !== undefined) process.stdout.write(`proxying ${nodeUrl}\n`);
  if (uiUrl) process.stdout.write(`web UI: ${uiUrl}\n`);
  const running = server;
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      void running.close().finally(resolve);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
  store?.close();
  return 0;
}

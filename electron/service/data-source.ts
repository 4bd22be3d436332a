/**
 * One way to open a data source, shared by `ledger-explorer serve`, `snapshot capture` and the
 * desktop app's data service process: a {@link DataSourceSpec} (a snapshot file, or a remote node)
 * becomes the read service's handler, a close function and a description of what is served. Plain
 * Node (no electron import): the spec crosses the desktop's process boundary as a structured-clone value.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SnapshotOrigin } from '../../shared/api/source-info.ts';
import { isNodeProfileName, NODE_PROFILES } from '../../shared/node-profiles.ts';
import { assertNever } from '../../shared/assert-never.ts';
import { generateSnapshot } from '../snapshot/generate.ts';
import { SnapshotStore } from '../snapshot/snapshot-store.ts';
import type { LedgerStore } from '../snapshot/ledger-store.ts';
import { removeOrphanedPartials } from './capture/orphan-partials.ts';
import { createReadService, type ReadServiceHandler } from './read-service.ts';
import { createRemoteService } from './remote/remote-service.ts';
import type { RemoteServiceOptions } from './remote/remote-options.ts';

/** Timeouts, retries, size limits and the request bound of a remote source (defaults in remote-options.ts). */
export type RemoteTuning = Pick<
  RemoteServiceOptions,
  | 'connectTimeoutMs'
  | 'totalTimeoutMs'
  | 'maxRetries'
  | 'retryBaseDelayMs'
  | 'maxRetryAfterMs'
  | 'maxBodyBytes'
  | 'maxInFlight'
  | 'maxQueued'
>;

/** What to serve: a snapshot file, or a remote node. Plain values only (it is sent between processes). */
export type DataSourceSpec =
  | {
      readonly kind: 'snapshot';
      /** The snapshot file (opened read-only). */
      readonly path: string;
      /** Generate the sample snapshot at `path` first when it is missing (its folder too). */
      readonly generateIfMissing?: boolean | undefined;
    }
  | {
      readonly kind: 'remote';
      /** The node's API base URL, ending in `/v1` (see `resolveNodeUrl`). */
      readonly baseUrl: string;
      /** Sent as a bearer token to the node; `null` or absent: none. */
      readonly apiKey?: string | null | undefined;
      /** Profile name (`mainnet`…) shown by `/explorer/v1/source`; default the URL's host. */
      readonly profileName?: string | undefined;
      /** The indexer `/v1/graphql` forwards to; default the profile's hosted indexer (none for a custom URL). */
      readonly indexerUrl?: string | undefined;
      /** Timeouts, retries and limits; defaults when absent. */
      readonly options?: RemoteTuning | undefined;
    };

/** How the process opening a source wants it served (not part of the spec: these belong to the host). */
export interface OpenDataSourceOptions {
  /**
   * Where `POST /explorer/v1/capture` writes; absent: the route answers 403. Abandoned partial files
   * of killed captures are removed from it now and before each capture.
   */
  readonly capturesFolder?: string | undefined;
  /** `false`: no reply cache (`serve --no-cache`; a one-off capture). Default: the source's own cache. */
  readonly responseCache?: false | undefined;
  /** Aborting it cancels a remote source's requests in flight, as `close()` does (e.g. Ctrl-C). */
  readonly signal?: AbortSignal | undefined;
  /** Told before the sample snapshot is generated (it takes a few seconds). */
  readonly onGenerate?: ((path: string) => void) | undefined;
}

/** What is served, for start-up messages and logs. */
export type DataSourceDescription =
  | {
      readonly kind: 'snapshot';
      /** The file's path, and its name without folder. */
      readonly path: string;
      readonly name: string;
      /** Set for snapshots captured from a node. */
      readonly origin: SnapshotOrigin | null;
    }
  | {
      readonly kind: 'remote';
      /** The node's API base URL (ends in `/v1`) and the name shown for it. */
      readonly url: string;
      readonly name: string;
    };

/** An open source: its handler, how to release it, and what it is. */
export interface DataSource {
  readonly handler: ReadServiceHandler;
  /** Closes the snapshot file, or cancels every node request in flight. Idempotent. */
  close(): void;
  readonly description: DataSourceDescription;
  /** A snapshot source's store (read-only), for start-up summaries; none for a remote node. */
  readonly store?: LedgerStore;
}

function openSnapshot(spec: Extract<DataSourceSpec, { kind: 'snapshot' }>, options: OpenDataSourceOptions): DataSource {
  if (spec.generateIfMissing && !existsSync(spec.path)) {
    options.onGenerate?.(spec.path);
    mkdirSync(dirname(spec.path), { recursive: true });
    generateSnapshot({ out: spec.path });
  }
  const store = SnapshotStore.open(spec.path);
  const description = { kind: 'snapshot', path: spec.path, name: basename(spec.path), origin: store.origin() } as const;
  const { capturesFolder } = options;
  const handler = createReadService({
    store,
    // A file changed under the running service is detected and refused, never half-read.
    snapshotFile: spec.path,
    source: { kind: 'snapshot', name: description.name, origin: description.origin },
    capture:
      capturesFolder === undefined ? undefined : { folder: capturesFolder, sourceUrl: pathToFileURL(spec.path).href },
    responseCache: options.responseCache,
  });
  let open = true;
  const close = (): void => {
    if (open) store.close();
    open = false;
  };
  return { handler, close, description, store };
}

function openRemote(spec: Extract<DataSourceSpec, { kind: 'remote' }>, options: OpenDataSourceOptions): DataSource {
  // One controller per remote source: closing it cancels every node request in flight.
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([controller.signal, options.signal]) : controller.signal;
  const handler = createRemoteService({
    ...spec.options,
    baseUrl: spec.baseUrl,
    apiKey: spec.apiKey ?? undefined,
    profileName: spec.profileName,
    indexerUrl:
      spec.indexerUrl ??
      (spec.profileName !== undefined && isNodeProfileName(spec.profileName)
        ? NODE_PROFILES[spec.profileName].indexerUrl
        : undefined),
    capture: options.capturesFolder === undefined ? undefined : { folder: options.capturesFolder },
    cache: options.responseCache,
    signal,
  });
  const url = spec.baseUrl.replace(/\/+$/, '');
  return {
    handler,
    close: () => controller.abort(),
    description: { kind: 'remote', url, name: spec.profileName ?? new URL(url).host },
  };
}

/** Opens the source `spec` names (throws when it cannot: a missing or invalid file, a bad URL). */
export function openDataSource(spec: DataSourceSpec, options: OpenDataSourceOptions = {}): DataSource {
  if (options.capturesFolder !== undefined) removeOrphanedPartials(options.capturesFolder);
  switch (spec.kind) {
    case 'snapshot':
      return openSnapshot(spec, options);
    case 'remote':
      return openRemote(spec, options);
    default:
      return assertNever(spec);
  }
}

/**
 * `GET /explorer/v1/source`: what the UI is looking at. Answered by the snapshot service (a local
 * file) and by the remote proxy (a node URL); the status bar and the window title show it. The
 * types are inferred from the reply schema the endpoint registry declares.
 */
import * as v from 'valibot';
import type { DeepReadonly } from './endpoint.ts';
import { u64 } from './wire/scalars.ts';

/** Where a snapshot's data came from when it was captured from a node (`snapshot capture`). */
export const SNAPSHOT_ORIGIN_SCHEMA = v.looseObject({
  node_url: v.string(),
  chain_id: v.number(),
  ledger_version: u64,
  captured_at: v.string(),
});

/** The data source behind `/v1`, as the explorer API describes it. */
export const SOURCE_INFO_SCHEMA = v.variant('kind', [
  v.looseObject({
    kind: v.literal('snapshot'),
    /** The snapshot file's name (no folder). */
    name: v.string(),
    /** Set for snapshots captured from a remote node. */
    origin: v.nullable(SNAPSHOT_ORIGIN_SCHEMA),
    /** Whether `POST /v1/graphql` answers: the file has the indexer tables (format v3; v2 files have none). */
    indexer: v.boolean(),
  }),
  v.looseObject({
    kind: v.literal('remote'),
    /** Profile name (`mainnet`…) or the node URL's host. */
    name: v.string(),
    /** The node's API base URL (ends in `/v1`). */
    url: v.string(),
    /** Outcome of the proxy's latest request to the node. */
    health: v.looseObject({ ok: v.boolean(), checked_at: v.string(), message: v.nullable(v.string()) }),
    /** Whether `POST /v1/graphql` is forwarded to an indexer (`--indexer URL` or the node profile's). */
    indexer: v.boolean(),
  }),
]);

/** Where a snapshot's data came from when it was captured from a node. */
export type SnapshotOrigin = DeepReadonly<v.InferOutput<typeof SNAPSHOT_ORIGIN_SCHEMA>>;

/** The data source behind `/v1`. */
export type SourceInfo = DeepReadonly<v.InferOutput<typeof SOURCE_INFO_SCHEMA>>;

/**
 * A snapshot source as its opener describes it: whether it has an indexer is asked of the file when the route
 * answers (electron/service/routes/explorer.ts), not told.
 */
export interface SnapshotSourceDescription {
  readonly kind: 'snapshot';
  readonly name: string;
  readonly origin: SnapshotOrigin | null;
}

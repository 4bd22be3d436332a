/**
 * Explorer extras for the UI frame and landing page (`/explorer/v1`, JSON only): the facts of one
 * ledger version (block height and time, for the time-travel control) and the busiest event
 * streams of the snapshot. Shapes are in docs/api.md.
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { formatAddress } from '../../../shared/address.ts';
import { notFound } from '../http-errors.ts';
import { checkVersion, type ContextOf } from '../request-context.ts';
import { endpointReply } from '../responses.ts';
import type { ServiceReply } from '../service-reply.ts';

/** How many of the newest events "busy" is counted over: bounds the cost (one index range) on any snapshot. */
export const EVENT_STREAMS_WINDOW = 100_000;

/**
 * `GET /explorer/v1/versions/{version}` → `{"version", "block_height", "block_timestamp_usec", "epoch",
 * "block_first_version", "block_last_version"}`; 404 `version_not_found` above the latest, 410
 * `version_pruned` below the oldest, like every versioned read.
 */
export function getVersionInfo(context: ContextOf<'explorerVersion'>): ServiceReply {
  const version = checkVersion(context.params.version, context.ledger);
  const block = context.store.blockOfVersion(version);
  // Every retained version lies in a retained block; a gap means the snapshot lacks the block row.
  if (block === undefined) throw notFound('block_not_found', `Block not found by Ledger version(${version})`);
  return endpointReply(
    ENDPOINTS.explorerVersion,
    {
      version: version.toString(),
      block_height: block.height.toString(),
      block_timestamp_usec: block.timestampUsec.toString(),
      epoch: block.epoch.toString(),
      block_first_version: block.firstVersion.toString(),
      block_last_version: block.lastVersion.toString(),
    },
    context.ledger,
  );
}

/**
 * `GET /explorer/v1/event-streams?limit` → `{"window": N, "streams": [{"address", "creation_number",
 * "type", "count", "latest_sequence_number", "latest_version"}]}`: most events among the versions
 * holding the newest N events first.
 */
export function listEventStreams(context: ContextOf<'explorerEventStreams'>): ServiceReply {
  const streams = context.store.busiestEventStreams(EVENT_STREAMS_WINDOW, context.query.limit).map((stream) => ({
    address: formatAddress(stream.address),
    creation_number: stream.creationNumber.toString(),
    type: stream.typeTag,
    count: stream.count,
    latest_sequence_number: stream.latestSequenceNumber.toString(),
    latest_version: stream.latestVersion.toString(),
  }));
  return endpointReply(ENDPOINTS.explorerEventStreams, { window: EVENT_STREAMS_WINDOW, streams }, context.ledger);
}

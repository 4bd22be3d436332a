/**
 * What a route handler receives: the request, its path and query parameters parsed by the endpoint's
 * declaration (declared-parameters.ts), the negotiated output format, the latest ledger info (read once
 * per request) and the guarded store.
 */
import type { LedgerInfo, LedgerStore } from '../snapshot/ledger-store.ts';
import type { OutputFormat } from './content-negotiation.ts';
import type { GasEstimator } from './gas-estimator.ts';
import { ApiError, notFound } from './http-errors.ts';
import type { ServiceReply, ServiceRequest } from './service-reply.ts';
import type { CaptureHandler, CaptureTarget } from './capture/capture-target.ts';
import type { SnapshotSourceDescription } from '../../shared/api/source-info.ts';
import type { IndexerGraphql } from '../indexer/graphql/indexer-graphql.ts';
import type { Endpoint, ParsedPath, ParsedQuery } from '../../shared/api/endpoint.ts';
import type { ENDPOINTS, EndpointName } from '../../shared/api/registry.ts';

/** Options of the service that routes may need. */
export interface ServiceOptions {
  /** `git_hash` reported by `GET /v1`; omitted when undefined. */
  readonly gitHash?: string | undefined;
  /** What `GET /explorer/v1/source` reports (the snapshot's file name and origin; `indexer` is asked of the file). */
  readonly source?: SnapshotSourceDescription | undefined;
  /** Where `POST /explorer/v1/capture` writes; the route answers 403 without it. */
  readonly capture?: CaptureTarget | undefined;
  /**
   * The snapshot's indexer GraphQL engine (`POST /v1/graphql`), opened on first use; it gives undefined when the file
   * has no indexer tables.
   */
  readonly indexer?: (() => IndexerGraphql | undefined) | undefined;
}

/**
 * The per-request state handed to route handlers; `E` is the route's declaration, so its path and query
 * parameters arrive parsed and typed (`context.params.address` bytes, `context.query.limit` a number).
 */
export interface RequestContext<E extends Endpoint = Endpoint> {
  readonly request: ServiceRequest;
  readonly url: URL;
  /** The declared query parameters, parsed and bounded (undefined when left out, unless required or defaulted). */
  readonly query: ParsedQuery<E['query']>;
  /** The declared path parameters, percent-decoded and parsed. */
  readonly params: ParsedPath<E['params']>;
  readonly output: OutputFormat;
  /** The latest ledger: used for the headers and the version checks. */
  readonly ledger: LedgerInfo;
  readonly store: LedgerStore;
  readonly gas: GasEstimator;
  readonly options: ServiceOptions;
  /** The service's capture feature (`POST /explorer/v1/capture`), bound to the service itself. */
  readonly capture: CaptureHandler;
}

/** The context of a declared endpoint's handler (shared/api/registry.ts). */
export type ContextOf<Name extends EndpointName> = RequestContext<(typeof ENDPOINTS)[Name]>;

/** A route handler. */
export type RouteHandler<E extends Endpoint = Endpoint> = (
  context: RequestContext<E>,
) => ServiceReply | Promise<ServiceReply>;

/** A context whose endpoint declares `ledger_version`. */
export interface VersionedContext {
  readonly query: { readonly ledger_version: bigint | undefined };
  readonly ledger: LedgerInfo;
}

/** Checks a ledger version against the retained range: 404 above the latest, 410 below the oldest. */
export function checkVersion(version: bigint, ledger: LedgerInfo): bigint {
  if (version > ledger.ledgerVersion) {
    throw notFound(
      'version_not_found',
      `Ledger version(${version}) not found, latest ledger version is ${ledger.ledgerVersion}`,
    );
  }
  if (version < ledger.oldestLedgerVersion) {
    throw new ApiError(
      410,
      'version_pruned',
      `Ledger version(${version}) has been pruned, oldest ledger version is ${ledger.oldestLedgerVersion}`,
    );
  }
  return version;
}

/** The `ledger_version` query parameter (default: latest), checked against the retained range. */
export function requestedVersion(context: VersionedContext): bigint {
  return checkVersion(context.query.ledger_version ?? context.ledger.ledgerVersion, context.ledger);
}

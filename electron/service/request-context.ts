/**
 * What a route handler receives: the request, its decoded path parameters, the negotiated output
 * format, the latest ledger info (read once per request) and the guarded store.
 */
import type { LedgerInfo, LedgerStore } from '../snapshot/ledger-store.ts';
import type { OutputFormat } from './content-negotiation.ts';
import type { GasEstimator } from './gas-estimator.ts';
import { ApiError, notFound } from './http-errors.ts';
import { optionalU64 } from './params.ts';
import type { ServiceReply, ServiceRequest } from './service-reply.ts';
import type { CaptureHandler, CaptureTarget } from './capture/capture-target.ts';
import type { SourceInfo } from '../../shared/api/source-info.ts';
import type { IndexerGraphql } from '../indexer/graphql/indexer-graphql.ts';
import type { PathParamNames } from '../../shared/api/endpoint.ts';
import type { ENDPOINTS, EndpointName } from '../../shared/api/registry.ts';

/** Options of the service that routes may need. */
export interface ServiceOptions {
  /** `git_hash` reported by `GET /v1`; omitted when undefined. */
  readonly gitHash?: string | undefined;
  /** What `GET /explorer/v1/source` reports (the snapshot's file name and origin). */
  readonly source?: SourceInfo | undefined;
  /** Where `POST /explorer/v1/capture` writes; the route answers 403 without it. */
  readonly capture?: CaptureTarget | undefined;
  /**
   * The snapshot's indexer GraphQL engine (`POST /v1/graphql`), opened on first use; it gives undefined when the file
   * has no indexer tables.
   */
  readonly indexer?: (() => IndexerGraphql | undefined) | undefined;
}

/** The path parameter names of a pattern (any name when the pattern is not known). */
type ParamName<Path extends string> = string extends Path ? string : PathParamNames<Path>;

/** The per-request state handed to route handlers; `Path` is the route's pattern (its parameters are typed). */
export interface RequestContext<Path extends string = string> {
  readonly request: ServiceRequest;
  readonly url: URL;
  readonly query: URLSearchParams;
  /** Percent-decoded path parameters by name. */
  readonly params: Readonly<Record<ParamName<Path>, string>>;
  readonly output: OutputFormat;
  /** The latest ledger: used for the headers and the version checks. */
  readonly ledger: LedgerInfo;
  readonly store: LedgerStore;
  readonly gas: GasEstimator;
  readonly options: ServiceOptions;
  /** The service's capture feature (`POST /explorer/v1/capture`), bound to the service itself. */
  readonly capture: CaptureHandler;
}

/** The context of a declared endpoint's handler: its path parameters are the declaration's (shared/api/registry.ts). */
export type ContextOf<Name extends EndpointName> = RequestContext<(typeof ENDPOINTS)[Name]['path']>;

/** A route handler. */
export type RouteHandler<Path extends string = string> = (
  context: RequestContext<Path>,
) => ServiceReply | Promise<ServiceReply>;

/**
 * A path parameter of the matched route (present by construction of the route table; a name the pattern lacks is
 * a type error).
 */
export function pathParam<Path extends string>(context: RequestContext<Path>, name: ParamName<Path>): string {
  const value = (context.params as Readonly<Record<string, string>>)[name];
  if (value === undefined) throw new Error(`route has no parameter "${name}"`);
  return value;
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
export function requestedVersion(context: RequestContext): bigint {
  return checkVersion(optionalU64(context.query, 'ledger_version') ?? context.ledger.ledgerVersion, context.ledger);
}

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

/** Options of the service that routes may need. */
export interface ServiceOptions {
  /** `git_hash` reported by `GET /v1`; omitted when undefined. */
  readonly gitHash?: string | undefined;
  /** What `GET /explorer/v1/source` reports (the snapshot's file name and origin). */
  readonly source?: SourceInfo | undefined;
  /** Where `POST /explorer/v1/capture` writes; the route answers 403 without it. */
  readonly capture?: CaptureTarget | undefined;
}

/** The per-request state handed to route handlers. */
export interface RequestContext {
  readonly request: ServiceRequest;
  readonly url: URL;
  readonly query: URLSearchParams;
  /** Percent-decoded path parameters by name. */
  readonly params: Readonly<Record<string, string>>;
  readonly output: OutputFormat;
  /** The latest ledger: used for the headers and the version checks. */
  readonly ledger: LedgerInfo;
  readonly store: LedgerStore;
  readonly gas: GasEstimator;
  readonly options: ServiceOptions;
  /** The service's capture feature (`POST /explorer/v1/capture`), bound to the service itself. */
  readonly capture: CaptureHandler;
}

/** A route handler. */
export type RouteHandler = (context: RequestContext) => ServiceReply | Promise<ServiceReply>;

/** A path parameter of the matched route (present by construction of the route table). */
export function pathParam(context: RequestContext, name: string): string {
  const value = context.params[name];
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

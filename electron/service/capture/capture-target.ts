/**
 * The capture feature's types, in a file of their own that imports no other part of the service, so
 * the service's options (request-context.ts) can name them without an import cycle through the route.
 */
import type { LedgerInfo } from '../../snapshot/ledger-store.ts';
import { isLoopback } from '../host-check.ts';
import type { ServiceReply, ServiceRequest } from '../service-reply.ts';

/** Where captures go, and what to record as their origin when the source is a snapshot. */
export interface CaptureTarget {
  /** The captures folder (created when missing). */
  readonly folder: string;
  /** Origin URL recorded for captures of a snapshot (e.g. its `file:` URL); default `snapshot`. */
  readonly sourceUrl?: string | undefined;
}

/**
 * A service's capture feature, bound to that service (see `createCaptureRoute`): answers one
 * `POST /explorer/v1/capture` request; `ledger` gives the reply's ledger headers.
 */
export type CaptureHandler = (request: ServiceRequest, ledger: LedgerInfo | undefined) => Promise<ServiceReply>;

/** The capture target of a server bound to `host`: only loopback servers may write captures. */
export function captureTargetFor(host: string, folder: string, sourceUrl?: string): CaptureTarget | undefined {
  return isLoopback(host) ? { folder, sourceUrl } : undefined;
}

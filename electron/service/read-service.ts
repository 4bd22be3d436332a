/**
 * The read service: a fetch-style handler over a {@link LedgerStore} serving the node REST read
 * API under `/v1` and the explorer extras under `/explorer/v1`. Used in-process by the desktop
 * app and through {@link startHttpServer} by the headless `serve` command.
 */
import type { LedgerInfo, LedgerStore } from '../snapshot/ledger-store.ts';
import { negotiateOutput } from './content-negotiation.ts';
import { createGasEstimator } from './gas-estimator.ts';
import { guardStore } from './guarded-store.ts';
import { ApiError, describeError, type ErrorCode } from './http-errors.ts';
import { matchRoute, methodNotAllowed, routeNotFound, ROUTES } from './router.ts';
import type { RequestContext, ServiceOptions } from './request-context.ts';
import { apiErrorResponse, errorResponse } from './responses.ts';

/** Options of {@link createReadService}. */
export interface ReadServiceOptions extends ServiceOptions {
  readonly store: LedgerStore;
  /** Called with unexpected exceptions (answered 500); defaults to `console.error`. */
  readonly onUnexpectedError?: ((error: unknown) => void) | undefined;
}

/** The service's handler, plus a way to build error responses carrying the ledger headers. */
export interface ReadServiceHandler {
  (request: Request): Promise<Response>;
  /** An error record response with the latest ledger headers (when the ledger can be read). */
  errorResponse(status: number, errorCode: ErrorCode, message: string): Response;
}

/** Creates the read service handler over `options.store`. */
export function createReadService(options: ReadServiceOptions): ReadServiceHandler {
  const store = guardStore(options.store);
  const gas = createGasEstimator();
  const serviceOptions: ServiceOptions = { gitHash: options.gitHash };
  const report = options.onUnexpectedError ?? ((error: unknown) => console.error('read service: unexpected error', error));

  const latestLedger = (): LedgerInfo | undefined => {
    try {
      return store.ledgerInfo();
    } catch {
      return undefined;
    }
  };

  const handle = async (request: Request): Promise<Response> => {
    let ledger: LedgerInfo | undefined;
    try {
      ledger = store.ledgerInfo();
      const url = new URL(request.url);
      const match = matchRoute(ROUTES, request.method, url.pathname);
      if (match.kind === 'none') throw routeNotFound();
      if (match.kind === 'wrong_method') throw methodNotAllowed(match.allow);
      const context: RequestContext = {
        request,
        url,
        query: url.searchParams,
        params: match.params,
        output: negotiateOutput(request.headers.get('accept')),
        ledger,
        store,
        gas,
        options: serviceOptions,
      };
      const response = await match.route.handler(context);
      return request.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
    } catch (error) {
      if (error instanceof ApiError) return apiErrorResponse(error, ledger);
      report(error);
      return errorResponse(500, 'internal_error', `Internal error: ${describeError(error)}`, ledger);
    }
  };

  const errorResponseWithLedger = (status: number, errorCode: ErrorCode, message: string): Response =>
    errorResponse(status, errorCode, message, latestLedger());

  return Object.assign(handle, { errorResponse: errorResponseWithLedger });
}

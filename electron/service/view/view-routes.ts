/**
 * Route handlers for `GET /v1/accounts/:address/balance/:asset_type` and `POST /v1/view`, in the
 * router's RouteHandler shape, bound in route-handlers.ts to their declarations in
 * shared/api/endpoints/node-state-reads.ts. The state is the route context's store seen through `withResourceGroups`
 * (a LedgerStore already has the StateReader's `resource` and `tableItem`). A ViewError becomes its
 * error record here, `vm_error_code` included, since the router's ApiError path always writes null;
 * stored data that does not decode is 500 `internal_error`.
 */
import { CodecError } from '../../../shared/codec-error.ts';
import { ApiError, describeError, internalError } from '../http-errors.ts';
import { MAX_BODY_BYTES, readJsonObject } from '../request-body.ts';
import { requestedVersion, type ContextOf, type RequestContext } from '../request-context.ts';
import { bcsReply, jsonReply } from '../responses.ts';
import type { ServiceReply } from '../service-reply.ts';
import { assetBalance, balanceBcs, balanceJson, parseAssetType } from './balances.ts';
import { withResourceGroups } from './state-reader.ts';
import { ViewError, viewErrorRecord } from './view-error.ts';
import { callView, callViewBcs, VIEW_BCS_CONTENT_TYPE } from './view-request.ts';

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Runs `answer`, turning a ViewError into its record and undecodable stored data into a 500. */
async function guarded(
  context: RequestContext,
  answer: () => Promise<ServiceReply> | ServiceReply,
): Promise<ServiceReply> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof ViewError) return jsonReply(viewErrorRecord(error), context.ledger, [], error.status);
    if (error instanceof CodecError) throw internalError(`stored state does not decode: ${describeError(error)}`);
    throw error;
  }
}

/** `GET /v1/accounts/:address/balance/:asset_type`: a bare JSON number, or u64 LE in BCS. */
export function balanceRoute(context: ContextOf<'accountBalance'>): Promise<ServiceReply> {
  const owner = context.params.address;
  const version = requestedVersion(context);
  return guarded(context, () => {
    // Its own parse, inside the view guard: an asset type that does not parse is a view error record.
    const asset = parseAssetType(context.params.asset_type);
    const balance = assetBalance(withResourceGroups(context.store), owner, asset, version);
    if (context.output === 'bcs') return bcsReply(balanceBcs(balance), context.ledger);
    // jsonReply stringifies; the balance is written from the bigint itself so it stays exact.
    return { ...jsonReply(0, context.ledger), body: balanceJson(balance) };
  });
}

/** `POST /v1/view`: JSON or BCS request body; JSON array of values, or BCS (count, then values). */
export async function viewRoute(context: ContextOf<'view'>): Promise<ServiceReply> {
  const version = requestedVersion(context);
  const reader = withResourceGroups(context.store);
  const isBcs = mediaType(context.request.header('content-type')) === VIEW_BCS_CONTENT_TYPE;
  const body = isBcs ? await context.request.body() : await readJsonObject(context.request);
  if (body instanceof Uint8Array && body.byteLength > MAX_BODY_BYTES) {
    throw new ApiError(
      413,
      'web_framework_error',
      `payload too large: request bodies are limited to ${MAX_BODY_BYTES} bytes`,
    );
  }
  return guarded(context, () => {
    const result = body instanceof Uint8Array ? callViewBcs(reader, body, version) : callView(reader, body, version);
    return context.output === 'bcs' ? bcsReply(result.bcs, context.ledger) : jsonReply(result.json, context.ledger);
  });
}

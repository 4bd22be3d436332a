/** `GET /v1` (ledger info) and `GET /v1/estimate_gas_price`. */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { encodeLedgerInfo, encodeU64 } from '../bcs-bodies.ts';
import { ledgerInfoJson } from '../json-bodies.ts';
import type { ContextOf } from '../request-context.ts';
import { bcsReply, endpointReply } from '../responses.ts';
import type { ServiceReply } from '../service-reply.ts';

/** `GET /v1`: the latest ledger info, as the node's index. */
export function getLedgerInfo(context: ContextOf<'ledgerInfo'>): ServiceReply {
  if (context.output === 'bcs')
    return bcsReply(encodeLedgerInfo(context.ledger, context.options.gitHash), context.ledger);
  return endpointReply(ENDPOINTS.ledgerInfo, ledgerInfoJson(context.ledger, context.options.gitHash), context.ledger);
}

/** A gas price as a JSON number (the node sends numbers; real prices are far below 2^53). */
const toJsonNumber = (value: bigint): number => Number(value);

/** `GET /v1/estimate_gas_price`: JSON numbers; BCS is `gas_estimate` as one little-endian u64. */
export function getGasEstimate(context: ContextOf<'gasEstimate'>): ServiceReply {
  const estimate = context.gas.estimate(context.store, context.ledger);
  if (context.output === 'bcs') return bcsReply(encodeU64(estimate.regular), context.ledger);
  return endpointReply(
    ENDPOINTS.gasEstimate,
    {
      deprioritized_gas_estimate: toJsonNumber(estimate.deprioritized),
      gas_estimate: toJsonNumber(estimate.regular),
      prioritized_gas_estimate: toJsonNumber(estimate.prioritized),
    },
    context.ledger,
  );
}

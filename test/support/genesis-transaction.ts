/**
 * The fixture's oldest transaction as the genesis transaction a node serves (a generated file keeps a pruned range's
 * first transaction, not genesis), for the tests that render genesis (transaction JSON, wire schemas).
 */
import { GENESIS_PAYLOAD } from '../../electron/snapshot/generator/txn-details.ts';
import type { LedgerStore, StoredTransaction } from '../../electron/snapshot/ledger-store.ts';

/** The oldest stored transaction turned into genesis: its hashes and counts, the generator's genesis payload. */
export function oldestAsGenesis(store: LedgerStore): StoredTransaction & { readonly kind: 'genesis' } {
  const stored = store.transaction(store.ledgerInfo().oldestLedgerVersion)!;
  const d = stored.details!;
  // The store's details read their JSON columns through getters, so they are copied field by field.
  return {
    ...stored,
    kind: 'genesis',
    details: {
      stateChangeHash: d.stateChangeHash,
      eventRootHash: d.eventRootHash,
      stateCheckpointHash: d.stateCheckpointHash,
      accumulatorRootHash: d.accumulatorRootHash,
      vmStatus: d.vmStatus,
      expirationTimestampSecs: undefined,
      payload: JSON.parse(GENESIS_PAYLOAD) as unknown,
      payloadBcs: undefined,
      signature: undefined,
      signatureKind: undefined,
      secondarySigners: [],
      feePayer: undefined,
      kindFields: undefined,
      writeSetSize: d.writeSetSize,
      eventCount: d.eventCount,
    },
  };
}

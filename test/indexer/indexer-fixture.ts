/**
 * The main fixture opened for the indexer tests, with helpers to derive one transaction's rows again and to find
 * sample transactions by what they call.
 */
import { afterAll } from 'vitest';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { indexerState } from '../../electron/indexer/indexer-state.ts';
import { processTransaction } from '../../electron/indexer/processors/process-transaction.ts';
import type { IndexerRow, IndexerState } from '../../electron/indexer/processors/processor-input.ts';
import { fixturePath } from '../support/fixture-path.ts';

/** The main fixture, closed after the test file. */
export function useMainFixture(): { store: SnapshotStore; state: IndexerState } {
  const store = SnapshotStore.open(fixturePath('main'));
  afterAll(() => store.close());
  return { store, state: indexerState(store, store.database) };
}

/** The account owning the most tokens now (its NFTs tab and owned-token reads have the most rows to check). */
export function topTokenOwner(store: SnapshotStore): string {
  return store.database
    .prepare(
      'SELECT owner_address FROM ix_current_token_ownerships_v2 WHERE _valid_to IS NULL ' +
        'GROUP BY owner_address ORDER BY count(*) DESC LIMIT 1',
    )
    .pluck()
    .get() as string;
}

/** The rows the processors derive for `version`, by table. */
export function deriveVersion(store: SnapshotStore, state: IndexerState, version: bigint): Map<string, IndexerRow[]> {
  const transaction = store.transaction(version);
  if (transaction === undefined) throw new Error(`no transaction ${version}`);
  const epoch = store.database
    .prepare('SELECT epoch FROM blocks WHERE height = ?')
    .pluck()
    .get(transaction.blockHeight);
  return processTransaction(
    {
      transaction,
      epoch: BigInt(epoch as number),
      events: store.transactionEvents(version),
      writeSet: store.writeSet(version),
    },
    state,
  );
}

/** The first retained user transaction matching `where` (SQL over `transactions t` and `transaction_details d`). */
export function sampleVersion(store: SnapshotStore, where: string): bigint {
  const version = store.database
    .prepare(
      `SELECT t.version FROM transactions t JOIN transaction_details d ON d.version = t.version
       WHERE t.kind = 'user' AND t.version >= ? AND ${where} ORDER BY t.version LIMIT 1`,
    )
    .pluck()
    .get(store.meta.oldestVersion) as number | undefined;
  if (version === undefined) throw new Error(`the fixture has no transaction where ${where}`);
  return BigInt(version);
}

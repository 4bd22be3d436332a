/**
 * The Changes section of the transaction page: every resource, resource-group member, table item and
 * module the transaction wrote or deleted, with its value before (V − 1) and after (V) as a field
 * diff and its bytes in the BCS inspector on demand. A summary line counts them; the APT balance
 * changes are highlighted; a filter narrows long write sets. Befores are read lazily: a write set of
 * up to {@link EAGER_CHANGES} entries opens expanded (its befores read at once), a longer one
 * collapsed (a before is read when its line is opened). `data-changes-ready="true"` is set on the
 * section once the list and the befores of the expanded lines in view are rendered.
 */
import type { ReactNode } from 'react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useEntryScroll, useEntryState } from '../../../lib/use-entry-state.ts';
import { isAddress, normalizeAddress } from '../../../../shared/address.ts';
import { userTransactionOf, type CommittedTransactionJson } from '../../../api/transaction-json.ts';
import { feePayerOf } from '../../../../shared/api/wire-schemas.ts';
import { EmptyView } from '../../../components/status-views.tsx';
import { ExportMenu } from '../../../components/export-menu/export-menu.tsx';
import { plural } from '../../../lib/plural.ts';
import { AptBalanceLines } from './apt-balance-lines.tsx';
import { useBeforeVersion } from './before-version.ts';
import { ChangeList } from './change-list.tsx';
import { settledByFacts } from './line-settled.ts';
import { useFactsSource } from './change-facts.ts';
import { classify, filterTextOf, linesOf, summarize, type ChangeSummary } from './change-model.ts';
import './transaction-changes.css';

/** Write sets up to this size open expanded; longer ones open collapsed. */
export const EAGER_CHANGES = 20;

/** The id of the section's heading: the target of the page's "Skip to changes" link (transaction-header.tsx). */
export const CHANGES_HEADING_ID = 'transaction-changes-title';

/** Props of {@link TransactionChanges}. */
export interface TransactionChangesProps {
  /** The committed transaction whose `changes` are shown (its `version` is V; "before" is read at V − 1). */
  readonly transaction: CommittedTransactionJson;
}

/** `9 changes (3 resources, 2 group members, 4 table items; 8 writes, 1 delete)`. */
export function summaryText(s: ChangeSummary): string {
  const kinds = [
    [s.resources, 'resource'],
    [s.groupMembers, 'group member'],
    [s.tableItems, 'table item'],
    [s.modules, 'module'],
  ] as const;
  const parts = kinds.filter(([n]) => n > 0).map(([n, noun]) => `${n} ${plural(n, noun)}`);
  const ops = [`${s.writes} ${plural(s.writes, 'write')}`, `${s.deletes} ${plural(s.deletes, 'delete')}`];
  const counts = parts.length > 0 ? `${parts.join(', ')}; ` : '';
  return `${s.total} ${plural(s.total, 'change')} (${counts}${ops.join(', ')})`;
}

/** The changes section of the transaction page. */
export function TransactionChanges({ transaction }: TransactionChangesProps): ReactNode {
  const version = transaction.version;
  const changes = useMemo(() => transaction.changes ?? [], [transaction.changes]);
  // One explorer read for the whole write set when the source has the API; the node walked per change otherwise.
  const facts = useFactsSource(version);
  const entries = useMemo(() => changes.map((change, index) => classify(change, index, facts)), [changes, facts]);
  const filterTexts = useMemo(() => entries.map(filterTextOf), [entries]);
  const before = useBeforeVersion(version);
  const [filter, setFilter] = useState('');
  // Kept with the history entry (with the page's scroll, below), so Back from a link (a change's bytes → the
  // inspector page) returns to the same lines open at the same place.
  const [openIds, setOpenIds] = useEntryState<readonly string[]>('changes-open', () =>
    entries.length <= EAGER_CHANGES ? entries.map((e) => e.id) : [],
  );
  const open = useMemo<ReadonlySet<string>>(() => new Set(openIds), [openIds]);
  const [listReady, setListReady] = useState(false);
  const headingId = CHANGES_HEADING_ID;
  const filterId = useId();
  const needle = filter.trim().toLowerCase();
  const shown = useMemo(
    () => (needle === '' ? entries : entries.filter((_, i) => filterTexts[i]?.includes(needle))),
    [entries, filterTexts, needle],
  );
  const lines = useMemo(() => linesOf(shown), [shown]);
  const toggle = useCallback(
    (id: string) =>
      setOpenIds((previous) => (previous.includes(id) ? previous.filter((open) => open !== id) : [...previous, id])),
    [setOpenIds],
  );
  const user = userTransactionOf(transaction);
  const sender = user !== undefined && isAddress(user.sender) ? normalizeAddress(user.sender) : undefined;
  const payer = user === undefined ? undefined : feePayerOf(user.signature);
  const feePayer = payer !== undefined && isAddress(payer) ? normalizeAddress(payer) : undefined;
  // With no line open, or every open line's before in the explorer's one read (line-settled.ts), the list is ready as
  // it is drawn (in this render, so a page the server rendered says so in its markup); otherwise the list says when
  // the befores of its open lines are in.
  const openKnown = lines.every(
    (line) => line.line === 'group' || !open.has(line.id) || settledByFacts(line.entry, facts, before),
  );
  const ready = entries.length === 0 || shown.length === 0 || openKnown || listReady;
  useEntryScroll('page-scroll', 'window', ready);

  return (
    <section className="transaction-changes" aria-labelledby={headingId} data-changes-ready={ready ? 'true' : 'false'}>
      <h2 id={headingId}>
        Changes <span className="muted">({`${entries.length} ${plural(entries.length, 'change')}`})</span>
      </h2>
      {entries.length === 0 ? (
        <EmptyView>This transaction changed no state.</EmptyView>
      ) : (
        <>
          <p className="changes-summary">{summaryText(summarize(entries))}</p>
          <AptBalanceLines
            changes={changes}
            version={version}
            before={before}
            facts={facts}
            sender={sender}
            feePayer={feePayer}
          />
          <div className="changes-tools">
            <label htmlFor={filterId}>Filter changes</label>
            <input
              id={filterId}
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder="type, address, handle, key…"
              spellCheck={false}
            />
            {needle !== '' && (
              <span role="status" className="changes-match">
                {shown.length} of {entries.length} match
              </span>
            )}
            <ExportMenu
              name={`transaction-${version}-changes`}
              rows={changes}
              subject={`transaction ${version}, changes`}
            />
            {entries.length > EAGER_CHANGES && (
              <span className="muted">Open a change to read its value before this transaction.</span>
            )}
          </div>
          {shown.length === 0 ? (
            <p className="changes-empty" role="status">
              No change matches “{filter.trim()}”.
            </p>
          ) : (
            <ChangeList
              lines={lines}
              open={open}
              onToggle={toggle}
              version={version}
              before={before}
              facts={facts}
              onReady={setListReady}
            />
          )}
        </>
      )}
    </section>
  );
}

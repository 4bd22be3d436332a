/**
 * One line of the changes list: a group's header, or a change with what it wrote or deleted (links
 * to the account's resources, the table or the modules as of this transaction's version) that
 * expands, by its button or a click on the line, to its before/after and its bytes.
 */
import type { MouseEvent, ReactNode } from 'react';
import { memo, useCallback } from 'react';
import { Link } from 'react-router';
import { assertNever } from '../../../../shared/assert-never.ts';
import { accountPath } from '../../../components/address-link.tsx';
import { withVersion } from '../../../app/use-ledger-version.ts';
import { MAX_URL_FIELD } from '../../../lib/use-search-fields.ts';
import { LoadingView } from '../../../components/status-views.tsx';
import type { BeforeVersion } from './before-version.ts';
import type { FactsSource } from './change-facts.ts';
import { ChangeBytes } from './change-bytes.tsx';
import { type ChangeEntry, type ChangeLine } from './change-model.ts';
import { ModuleChange } from './module-change.tsx';
import { GroupDeletion, ResourceChange } from './resource-change.tsx';
import { TableItemChange, useTableKeyText, type TableItemEntry } from './table-item-change.tsx';
import { rowStyle, useHydrated } from '../../../lib/use-hydrated.ts';

/** The resources page of `address` at `version`, opened on `type`. */
function resourceHref(address: string, type: string, version: string): string {
  return `${withVersion(accountPath(address, 'resources'), version)}#${encodeURIComponent(type)}`;
}

/** The table page at `version` with the raw lookup of the item's key filled in. */
function tableHref(handle: string, keyHex: string, version: string): string {
  const base = keyHex.length > MAX_URL_FIELD ? `/tables/${handle}` : `/tables/${handle}?raw=${keyHex}`;
  return withVersion(base, version);
}

function TableItemWhat({ entry, version }: { readonly entry: TableItemEntry; readonly version: string }): ReactNode {
  const key = useTableKeyText(entry, version);
  return (
    <>
      <span className="change-kind">Table item</span>{' '}
      <Link className="mono change-target" to={tableHref(entry.handle, entry.keyHex, version)} title={entry.handle}>
        {entry.handle.slice(0, 10)}…{entry.handle.slice(-6)}
      </Link>{' '}
      <span className="muted">key</span>{' '}
      <span className="mono change-key" title={entry.keyHex}>
        {key}
      </span>
    </>
  );
}

/** What the change is about, with its link. */
function What({ entry, version }: { readonly entry: ChangeEntry; readonly version: string }): ReactNode {
  switch (entry.kind) {
    case 'resource':
      return (
        <>
          <span className="change-kind">{entry.group ? 'Member' : 'Resource'}</span>{' '}
          <Link className="mono change-target" to={resourceHref(entry.address, entry.type, version)}>
            {entry.type}
          </Link>
          {entry.group === undefined && (
            <>
              {' '}
              <span className="muted">of</span>{' '}
              <Link className="mono" to={withVersion(accountPath(entry.address), version)}>
                {entry.address}
              </Link>
            </>
          )}
        </>
      );
    case 'group':
      return (
        <>
          <span className="change-kind">Resource group</span>{' '}
          <span className="mono change-target" title="The group's tag">
            {entry.type}
          </span>{' '}
          <span className="muted">of</span>{' '}
          <Link className="mono" to={withVersion(accountPath(entry.address, 'resources'), version)}>
            {entry.address}
          </Link>
        </>
      );
    case 'table_item':
      return <TableItemWhat entry={entry} version={version} />;
    case 'module':
      return (
        <>
          <span className="change-kind">Module</span>{' '}
          <Link className="mono change-target" to={withVersion(accountPath(entry.address, 'modules'), version)}>
            {entry.address}::{entry.name}
          </Link>
        </>
      );
    default:
      return assertNever(entry);
  }
}

function Detail({
  entry,
  version,
  before,
  facts,
  onSettled,
}: {
  readonly entry: ChangeEntry;
  readonly version: string;
  readonly before: BeforeVersion;
  readonly facts: FactsSource;
  readonly onSettled: () => void;
}): ReactNode {
  // Until the ledger says which versions are retained nothing is read (a pruned V − 1 would only answer 410).
  if (before.kind === 'waiting') return <LoadingView label="Reading the ledger's retained versions…" />;
  switch (entry.kind) {
    case 'resource':
      return (
        <>
          <ResourceChange entry={entry} version={version} before={before} facts={facts} onSettled={onSettled} />
          <ChangeBytes entry={entry} version={version} before={before} facts={facts} />
        </>
      );
    case 'group':
      return <GroupDeletion entry={entry} version={version} before={before} facts={facts} onSettled={onSettled} />;
    case 'table_item':
      return (
        <>
          <TableItemChange entry={entry} version={version} before={before} facts={facts} onSettled={onSettled} />
          <ChangeBytes entry={entry} version={version} before={before} facts={facts} />
        </>
      );
    case 'module':
      return <ModuleChange entry={entry} version={version} before={before} facts={facts} onSettled={onSettled} />;
    default:
      return assertNever(entry);
  }
}

/** Props of {@link ChangeRow}. */
export interface ChangeRowProps {
  readonly line: ChangeLine;
  readonly open: boolean;
  readonly version: string;
  readonly before: BeforeVersion;
  readonly facts: FactsSource;
  readonly index: number;
  readonly count: number;
  readonly start: number;
  readonly measure: (element: Element | null) => void;
  readonly onToggle: (id: string) => void;
  readonly onSettled: (id: string) => void;
}

/** A clicked line toggles unless the click was on something interactive inside it. */
function isInteractive(target: EventTarget): boolean {
  return target instanceof Element && target.closest('a, button, input, summary, details') !== null;
}

/** One virtual line (memoized: lines that stay in view are not rendered again while scrolling). */
export const ChangeRow = memo(function ChangeRow({
  line,
  open,
  version,
  before,
  facts,
  index,
  count,
  start,
  measure,
  onToggle,
  onSettled,
}: ChangeRowProps): ReactNode {
  const settle = useCallback(() => onSettled(line.id), [onSettled, line.id]);
  const position = { 'data-index': index, ref: measure, style: rowStyle(useHydrated(), start) };
  if (line.line === 'group')
    return (
      <li {...position} className="changes-item changes-group" aria-setsize={count} aria-posinset={index + 1}>
        <span className="change-kind">Resource group</span>{' '}
        <span className="mono">{line.group.tag ?? `(state key ${line.group.stateKeyHash.slice(0, 10)}…)`}</span>{' '}
        <span className="muted">of</span>{' '}
        <Link className="mono" to={withVersion(accountPath(line.group.address, 'resources'), version)}>
          {line.group.address}
        </Link>{' '}
        <span className="muted">
          ({line.members} member{line.members === 1 ? '' : 's'})
        </span>
      </li>
    );
  const { entry } = line;
  const toggle = (event: MouseEvent) => {
    if (!isInteractive(event.target)) onToggle(line.id);
  };
  const member = entry.kind === 'resource' && entry.group !== undefined;
  return (
    <li
      {...position}
      className={`changes-item${member ? ' changes-member' : ''}${open ? ' open' : ''}`}
      aria-setsize={count}
      aria-posinset={index + 1}
    >
      {/* The whole line toggles on click; the button is the keyboard's way (and says the state). */}
      <div className="change-line" onClick={toggle}>
        <button
          type="button"
          className="row-toggle"
          aria-expanded={open}
          aria-label={`${open ? 'Collapse' : 'Expand'} change ${entry.index + 1}`}
          onClick={() => onToggle(line.id)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
        <span className={`change-op op-${entry.op}`}>{entry.op === 'write' ? 'write' : 'delete'}</span>
        <span className="change-what">
          <What entry={entry} version={version} />
        </span>
      </div>
      {open && <Detail entry={entry} version={version} before={before} facts={facts} onSettled={settle} />}
    </li>
  );
});

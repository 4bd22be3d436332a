/**
 * Choosing an event stream among the handles found in the account's resources (read at the
 * effective version, first 9999): a select that opens the stream by creation number, and for top-level
 * handle fields a link that opens it by struct + field (the node's other endpoint).
 */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { eventHandleResourcesQuery } from '../../api/queries/events-queries.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { findHandles } from './find-handles.ts';

/** Props of {@link StreamPicker}. */
export interface StreamPickerProps {
  readonly address: string;
  /** The creation number shown now, when the stream is addressed by one. */
  readonly creationNumber: string | undefined;
}

/** Most handles offered in the select; the others open by creation number. */
const MAX_OPTIONS = 500;

/** The stream select. */
export function StreamPicker({ address, creationNumber }: StreamPickerProps): ReactNode {
  const { effective, pinned } = useLedgerVersion();
  const navigate = useNavigate();
  const resources = useQuery({ ...eventHandleResourcesQuery(address, effective ?? ''), enabled: effective !== undefined });
  const handles = useMemo(() => findHandles(resources.data?.body ?? []).filter((handle) => handle.address === address), [resources.data, address]);
  // Streams with events first, and at most MAX_OPTIONS of them: an account with 10,000 coin stores has 20,000 handles.
  const options = useMemo(() => [...handles.filter((handle) => handle.counter !== '0'), ...handles.filter((handle) => handle.counter === '0')].slice(0, MAX_OPTIONS), [handles]);
  if (resources.isPending) return <LoadingView label="Finding event handles…" />;
  if (resources.isError) return <ErrorView error={resources.error} />;
  const current = handles.find((handle) => handle.creationNumber === creationNumber);
  return (
    <div className="panel-toolbar stream-picker">
      <label>
        Event stream
        <select
          value={creationNumber ?? ''}
          onChange={(event) => void navigate(withVersion(`/accounts/${address}/events/${event.target.value}`, pinned))}
        >
          <option value="" disabled>
            {handles.length === 0 ? 'No event handles in this account' : `Choose one of ${handles.length} handles`}
          </option>
          {creationNumber !== undefined && !options.some((handle) => handle.creationNumber === creationNumber) && <option value={creationNumber}>creation number {creationNumber}</option>}
          {options.map((handle) => (
            <option key={handle.creationNumber} value={handle.creationNumber}>
              {handle.creationNumber}: {handle.struct} · {handle.path} ({handle.counter} events)
            </option>
          ))}
        </select>
      </label>
      {handles.length > options.length && (
        <span className="panel-count">
          {options.length} of {handles.length} handles listed (streams with events first); open any other by its creation number
        </span>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('creation');
          if (typeof value === 'string' && /^\d+$/.test(value.trim())) void navigate(withVersion(`/accounts/${address}/events/${value.trim()}`, pinned));
        }}
      >
        <label>
          Creation number <input name="creation" inputMode="numeric" size={8} defaultValue={creationNumber ?? ''} key={creationNumber ?? ''} />
        </label>{' '}
        <button type="submit">Open</button>
      </form>
      {current?.field !== undefined && (
        <Link to={withVersion(`/accounts/${address}/events/${encodeURIComponent(current.struct)}/${current.field}`, pinned)}>By struct + field</Link>
      )}
    </div>
  );
}

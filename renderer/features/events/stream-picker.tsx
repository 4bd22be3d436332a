/**
 * Choosing an event stream among the handles found in the account's resources (read at the
 * effective version, first 9999): a select of the handles, and a second select saying how the
 * chosen stream is opened — by creation number, or by struct + field (the node's other endpoint,
 * for handles in a top-level field; others still open by creation number). A stream can also be
 * opened by typing its creation number.
 */
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { eventHandleResourcesQuery } from '../../api/queries/events-queries.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { plural } from '../../lib/plural.ts';
import { findHandles, type FoundHandle } from './find-handles.ts';
import { isU64Text } from '../../../shared/ledger/u64.ts';

/** Props of {@link StreamPicker}. */
export interface StreamPickerProps {
  readonly address: string;
  /** The creation number shown now, when the stream is addressed by one. */
  readonly creationNumber: string | undefined;
}

/** Most handles offered in the select; the others open by creation number. */
const MAX_OPTIONS = 500;

/** How a chosen stream is addressed in the URL (and so which endpoint reads it). */
type OpenBy = 'creation_number' | 'field';

/** The stream select. */
export function StreamPicker({ address, creationNumber }: StreamPickerProps): ReactNode {
  const { effective, pinned } = useLedgerVersion();
  const navigate = useNavigate();
  const { structTag, fieldName } = useParams();
  const [openBy, setOpenBy] = useState<OpenBy>(
    structTag !== undefined && fieldName !== undefined ? 'field' : 'creation_number',
  );
  const resources = useQuery(eventHandleResourcesQuery(address, effective));
  const handles = useMemo(
    () => findHandles(resources.data?.body ?? []).filter((handle) => handle.address === address),
    [resources.data, address],
  );
  // Streams with events first, and at most MAX_OPTIONS of them: an account with 10,000 coin stores has 20,000 handles.
  const options = useMemo(
    () =>
      [
        ...handles.filter((handle) => handle.counter !== '0'),
        ...handles.filter((handle) => handle.counter === '0'),
      ].slice(0, MAX_OPTIONS),
    [handles],
  );
  if (resources.isPending) return <LoadingView label="Finding event handles…" />;
  if (resources.isError) return <ErrorView error={resources.error} />;
  // The stream shown now: by its creation number, or the handle at the route's struct + field.
  const current = handles.find((handle) =>
    creationNumber !== undefined
      ? handle.creationNumber === creationNumber
      : handle.struct === structTag && handle.field === fieldName,
  );
  const shown = creationNumber ?? current?.creationNumber;
  const open = (handle: FoundHandle | undefined, number: string, by: OpenBy = openBy): void => {
    const path =
      by === 'field' && handle?.field !== undefined
        ? `/accounts/${address}/events/${encodeURIComponent(handle.struct)}/${encodeURIComponent(handle.field)}`
        : `/accounts/${address}/events/${number}`;
    void navigate(withVersion(path, pinned));
  };
  return (
    <div className="panel-toolbar stream-picker">
      <label>
        Event stream
        <select
          value={shown ?? ''}
          onChange={(event) =>
            open(
              handles.find((handle) => handle.creationNumber === event.target.value),
              event.target.value,
            )
          }
        >
          <option value="" disabled>
            {handles.length === 0
              ? 'No event handles in this account'
              : `Choose one of ${handles.length} ${plural(handles.length, 'handle')}`}
          </option>
          {shown !== undefined && !options.some((handle) => handle.creationNumber === shown) && (
            <option value={shown}>creation number {shown}</option>
          )}
          {options.map((handle) => (
            <option key={handle.creationNumber} value={handle.creationNumber}>
              {handle.creationNumber}: {handle.struct} · {handle.path} ({handle.counter}{' '}
              {plural(handle.counter, 'event')})
            </option>
          ))}
        </select>
      </label>
      <label title="struct + field applies to handles held in a top-level field; others open by creation number">
        Open by
        <select
          value={openBy}
          onChange={(event) => {
            const next = event.target.value === 'field' ? 'field' : 'creation_number';
            setOpenBy(next);
            // The stream in view is reopened the new way (its events stay the same; the URL and endpoint change).
            if (current !== undefined) open(current, current.creationNumber, next);
          }}
        >
          <option value="creation_number">creation number</option>
          <option value="field">struct + field</option>
        </select>
      </label>
      {handles.length > options.length && (
        <span className="panel-count">
          {options.length} of {handles.length} handles listed (streams with events first); open any other by its
          creation number
        </span>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('creation');
          if (typeof value === 'string' && isU64Text(value.trim()))
            void navigate(withVersion(`/accounts/${address}/events/${value.trim()}`, pinned));
        }}
      >
        <label>
          Creation number{' '}
          <input
            name="creation"
            inputMode="numeric"
            size={8}
            defaultValue={creationNumber ?? ''}
            key={creationNumber ?? ''}
          />
        </label>{' '}
        <button type="submit">Open</button>
      </form>
    </div>
  );
}

/**
 * The history's filters, kept in the URL (`?asset=…&direction=…&fn=…`) so a filtered list is a link to share:
 * asset (a coin type or metadata address; APT stands for both of its forms), direction and entry function.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Direction, HistoryFilters } from '../../api/queries/history-queries.ts';

const DIRECTIONS: readonly Direction[] = ['sent', 'received', 'other'];

function asDirection(text: string | null): Direction | undefined {
  return DIRECTIONS.find((direction) => direction === text);
}

function nonEmpty(text: string | null): string | undefined {
  return text === null || text.trim() === '' ? undefined : text.trim();
}

/** The filters the URL holds, and a setter that keeps the other search parameters (the pin among them). */
export function useHistoryFilters(): [HistoryFilters, (next: HistoryFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters: HistoryFilters = {
    asset: nonEmpty(params.get('asset')),
    direction: asDirection(params.get('direction')),
    fn: nonEmpty(params.get('fn')),
  };
  const set = (next: HistoryFilters): void => {
    setParams((current) => {
      const out = new URLSearchParams(current);
      for (const name of ['asset', 'direction', 'fn'] as const) {
        const value = next[name];
        if (value === undefined) out.delete(name);
        else out.set(name, value);
      }
      return out;
    });
  };
  return [filters, set];
}

/** Props of {@link HistoryFilterBar}. */
export interface HistoryFilterBarProps {
  readonly filters: HistoryFilters;
  readonly onChange: (next: HistoryFilters) => void;
}

/** Asset and function text fields (applied on submit) and the direction choice (applied at once). */
export function HistoryFilterBar({ filters, onChange }: HistoryFilterBarProps): ReactNode {
  const [asset, setAsset] = useState(filters.asset ?? '');
  const [fn, setFn] = useState(filters.fn ?? '');
  return (
    <form
      className="history-filters"
      aria-label="Filter the activity"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filters, asset: nonEmpty(asset), fn: nonEmpty(fn) });
      }}
    >
      <label>
        Direction{' '}
        <select
          value={filters.direction ?? ''}
          onChange={(event) => onChange({ ...filters, direction: asDirection(event.target.value) })}
        >
          <option value="">any</option>
          {DIRECTIONS.map((direction) => (
            <option key={direction} value={direction}>
              {direction}
            </option>
          ))}
        </select>
      </label>
      <label>
        Asset{' '}
        <input
          className="mono"
          value={asset}
          placeholder="coin type or 0x…"
          title="A coin type (0x1::aptos_coin::AptosCoin) or a fungible asset's metadata address"
          onChange={(event) => setAsset(event.target.value)}
        />
      </label>
      <label>
        Function{' '}
        <input
          className="mono"
          value={fn}
          placeholder="0x1::…::transfer"
          title="An entry function, e.g. 0x1::aptos_account::transfer"
          onChange={(event) => setFn(event.target.value)}
        />
      </label>
      <button type="submit">Apply</button>
    </form>
  );
}

/**
 * The popup under the search box: the results as options (mouse down picks, so the input's blur
 * does not close the list first), or the state of the lookup (searching, nothing, error record).
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SearchOutcome } from '../../api/queries/search-queries.ts';
import { ErrorView } from '../../components/status-views.tsx';
import type { SearchTarget } from './search-targets.ts';

/** Props of {@link SearchResults}. */
export interface SearchResultsProps {
  readonly id: string;
  readonly state: UseQueryResult<SearchOutcome>;
  readonly targets: readonly SearchTarget[];
  readonly active: number;
  readonly onPick: (target: SearchTarget) => void;
}

/** The results list (a listbox) or the lookup's state. */
export function SearchResults({ id, state, targets, active, onPick }: SearchResultsProps): ReactNode {
  if (state.isError) {
    return (
      <div className="search-popup" id={id}>
        <ErrorView error={state.error} />
      </div>
    );
  }
  if (state.isPending || (state.isFetching && targets.length === 0)) {
    return (
      <div className="search-popup search-note" id={id} role="status">
        Searching…
      </div>
    );
  }
  if (targets.length === 0) {
    return (
      <div className="search-popup search-note" id={id} role="status">
        Nothing found for <code>{state.data.query}</code>
        {state.data.direct ? ' (a node resolves only versions, blocks, transaction hashes and addresses)' : ''}.
      </div>
    );
  }
  return (
    <ul className="search-popup" id={id} role="listbox" aria-label="Search results">
      {targets.map((target, index) => (
        <li
          key={target.path + target.kind}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className="search-option"
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(target);
          }}
        >
          <span className="search-option-label mono">{target.label}</span>
          <span className="search-option-detail">{target.detail}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The header's search box (label "Search", `/` focuses it): resolves what the text is through the
 * search query and lists the results to pick (arrows + Enter, or click). Enter on a text with
 * exactly one result goes straight to its first target (a version number: its transaction).
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { searchQuery } from '../../api/queries/search-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { searchTargets, type SearchTarget } from './search-targets.ts';
import { SearchResults } from './search-results.tsx';
import { useSlashFocus } from './use-slash-focus.ts';
import { useFittingPlaceholder } from './use-fitting-placeholder.ts';

/** The search field's placeholder, longest first: the longest that fits the field is shown. */
const PLACEHOLDERS = [
  'Search address, version, block, txn hash, table, addr::module  ( / )',
  'Search address, version, block, hash, module  ( / )',
  'Search address, version, hash…  ( / )',
  'Search  ( / )',
] as const;

/** How long typing pauses before the text is looked up. */
const DEBOUNCE_MS = 250;

/** The search field with its results popup. */
export function SearchBox(): ReactNode {
  const inputRef = useRef<HTMLInputElement>(null);
  useSlashFocus(inputRef);
  const placeholder = useFittingPlaceholder(inputRef, PLACEHOLDERS);
  const listId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const { pinned } = useLedgerVersion();
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === submitted) return undefined;
    const timer = setTimeout(() => setSubmitted(trimmed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, submitted]);

  const search = useQuery({ ...searchQuery(submitted), enabled: submitted !== '' });
  const results = search.data?.results ?? [];
  const targets: readonly SearchTarget[] = results.flatMap((result) =>
    searchTargets(result, location.pathname, pinned),
  );

  const go = (target: SearchTarget): void => {
    setOpen(false);
    setText('');
    setSubmitted('');
    void navigate(target.path);
  };

  /** Enter before the answer came: look it up now, and go straight there when it is unambiguous. */
  const resolveNow = (trimmed: string): void => {
    setSubmitted(trimmed);
    setOpen(true);
    queryClient.fetchQuery(searchQuery(trimmed)).then(
      (outcome) => {
        const [only, ...rest] = outcome.results;
        // One result goes straight to its first target (a version: its transaction; pinning is the second).
        const first = only === undefined ? undefined : searchTargets(only, location.pathname, pinned)[0];
        if (first !== undefined && rest.length === 0 && inputRef.current?.value.trim() === trimmed) go(first);
      },
      () => undefined, // the popup shows the error record from the same query
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (targets.length > 0)
        setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : targets.length - 1)) % targets.length);
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const trimmed = text.trim();
      if (trimmed === '') return;
      const chosen = targets[active];
      if (trimmed === submitted && !search.isFetching && chosen !== undefined && (open || results.length === 1))
        go(chosen);
      else resolveNow(trimmed);
    }
  };

  const showPopup = open && submitted !== '';
  return (
    <div className="search-box" role="search">
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        Search
      </label>
      <input
        ref={inputRef}
        id={`${listId}-input`}
        type="search"
        role="combobox"
        aria-expanded={showPopup}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showPopup && targets[active] ? `${listId}-${active}` : undefined}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(text.trim() !== '')}
      />
      {showPopup && <SearchResults id={listId} state={search} targets={targets} active={active} onPick={go} />}
    </div>
  );
}

/**
 * A page's form fields mirrored in the URL's query, so a reload, Back or a shared link brings the
 * work back. The fields live in state (a textarea bound to the router's location would lag: the
 * router updates it in a transition) and every change is written with `replace`, so typing does not
 * fill the history. A navigation that is not one of those writes (Back/Forward, a link to the same
 * page) and carries other values re-reads the fields from the URL and bumps `generation`, which a
 * page can use as a `key` to start over from the restored values.
 */
import { useState } from 'react';
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router';

/**
 * The longest field value kept in the URL (8 KiB of text): browsers, servers (a 20 KB request line
 * is refused with 431 before the app loads) and chat tools cut or refuse huge URLs. A longer value
 * stays out of the URL, and the page says a reload will not restore it.
 */
export const MAX_URL_FIELD = 8 * 1024;

/** The fields, their setter and the restore count. */
export interface SearchFields<T> {
  readonly values: T;
  /** Sets the fields and writes them into the URL (replacing the history entry). */
  readonly set: (next: T) => void;
  /** Increases whenever the fields were re-read from a URL the page did not write itself. */
  readonly generation: number;
}

/** How the fields are read from and written into the query (other parameters are kept). */
export interface SearchFieldsCodec<T> {
  readonly read: (params: URLSearchParams) => T;
  /** Sets or deletes the fields' parameters on `params`. */
  readonly write: (values: T, params: URLSearchParams) => void;
}

/** Fields kept in the URL's query with `codec`. */
export function useSearchFields<T>(codec: SearchFieldsCodec<T>): SearchFields<T> {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [values, setValues] = useState(() => codec.read(params));
  // The key alone is not enough: entries made without the router's state (the first page loaded)
  // all have the key "default".
  const here = `${location.key}|${location.search}`;
  const [seen, setSeen] = useState(here);
  const [generation, setGeneration] = useState(0);
  // Adjusting state while rendering (React's documented pattern) rather than in an effect: the
  // restored fields show in the same commit as the new location.
  if (here !== seen) {
    setSeen(here);
    const restored = codec.read(params);
    // Only when the fields differ: pinning a version (a push that keeps them) is not a restore.
    if (navigationType !== NavigationType.Replace && JSON.stringify(restored) !== JSON.stringify(values)) {
      setValues(restored);
      setGeneration(generation + 1);
    }
  }
  const set = (next: T): void => {
    setValues(next);
    setParams(
      (previous) => {
        const out = new URLSearchParams(previous);
        codec.write(next, out);
        return out;
      },
      { replace: true },
    );
  };
  return { values, set, generation };
}

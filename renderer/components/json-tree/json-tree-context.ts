/**
 * What every node of one JSON tree shares: which nodes are open, how to open or close one, where a
 * value links to, and how a copy is announced. Kept in a context so a deep tree does not thread
 * five props through every level.
 */
import { createContext, useContext } from 'react';
import type { JsonValue } from '../../api/types.ts';
import type { JsonPath } from '../../lib/json-path.ts';

/** A link a value can carry: an in-app path, optionally with its own visible label. */
export interface JsonLink {
  readonly href: string;
  readonly label?: string | undefined;
}

/** Decides whether a node links somewhere (an address to its account, a handle to its page). */
export type JsonLinkFor = (path: JsonPath, value: JsonValue) => string | JsonLink | undefined;

/** The shared state of one tree. */
export interface JsonTreeContextValue {
  readonly expanded: ReadonlySet<string>;
  setExpanded(key: string, open: boolean): void;
  /** The row (path key) whose controls are in the Tab order: one row per tree (a roving tab stop). */
  readonly activeKey: string;
  setActive(key: string): void;
  readonly linkFor: JsonLinkFor | undefined;
  /** The root's name: the controls of a row are named by its path from it (`data.coin.value`), not from `$`. */
  readonly label: string;
  copy(text: string, what: string): void;
}

/** The context of the tree being rendered (set by `JsonTree`). */
export const JsonTreeContext = createContext<JsonTreeContextValue | undefined>(undefined);

/** The enclosing tree's shared state; throws outside a `JsonTree` (a programming error). */
export function useJsonTree(): JsonTreeContextValue {
  const value = useContext(JsonTreeContext);
  if (!value) throw new Error('JsonNode rendered outside JsonTree');
  return value;
}

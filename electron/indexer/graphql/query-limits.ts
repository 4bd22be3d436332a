/**
 * Bounds checked on the parsed document before graphql-js validates it, so a hostile query costs bounded CPU and
 * memory: validation itself is quadratic in the fields of a selection set (overlapping-fields rule) and fragments
 * can multiply selections. Counts expand fragment spreads (memoised per fragment, saturating, cycles refused), so
 * `fragment A { ...B ...B }` chains cannot hide an exponential query.
 */
import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import { GraphqlFailure } from './graphql-errors.ts';

/** The bounds of one request. */
export interface QueryLimits {
  /** Tokens the parser reads before giving up. */
  readonly maxTokens: number;
  /** Nested selection sets (root fields are depth 1). */
  readonly maxDepth: number;
  /** Field selections with fragments expanded, aliases included. */
  readonly maxFields: number;
  /** Root fields (each is one SQL query). */
  readonly maxRootFields: number;
  /** Items of one `_in`/`_nin` list. */
  readonly maxListItems: number;
  /** Length of a `_like` pattern, and `%` wildcards in it. */
  readonly maxPatternLength: number;
  readonly maxPatternWildcards: number;
  /** Rows of one table field (the hosted indexer's anonymous cap). */
  readonly maxRows: number;
  /** Rows of a whole answer, nested rows included. */
  readonly maxAnswerRows: number;
}

/** The limits `serve` applies (docs/api.md, "GraphQL"). */
export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  maxTokens: 20_000,
  maxDepth: 8,
  maxFields: 1_000,
  maxRootFields: 64,
  maxListItems: 10_000,
  maxPatternLength: 1_024,
  maxPatternWildcards: 8,
  maxRows: 100,
  maxAnswerRows: 20_000,
};

interface Extent {
  readonly fields: number;
  readonly depth: number;
}

const SATURATED = Number.MAX_SAFE_INTEGER;

/** Throws a `limit-exceeded` failure when `document` passes the depth, field or root-field bounds. */
export function checkQueryShape(document: DocumentNode, limits: QueryLimits): void {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const memo = new Map<string, Extent>();
  const visiting = new Set<string>();

  const fragmentExtent = (name: string): Extent => {
    const known = memo.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    // An unknown fragment is left to validation; a cycle is refused here (expanding it would never end).
    if (!fragment) return { fields: 0, depth: 0 };
    if (visiting.has(name)) throw new GraphqlFailure(`fragment ${name} spreads itself`, 'validation-failed');
    visiting.add(name);
    const extent = setExtent(fragment.selectionSet);
    visiting.delete(name);
    memo.set(name, extent);
    return extent;
  };

  const setExtent = (set: SelectionSetNode): Extent => {
    let fields = 0;
    let depth = 0;
    for (const selection of set.selections) {
      let inner: Extent;
      if (selection.kind === Kind.FIELD) {
        const sub = selection.selectionSet ? setExtent(selection.selectionSet) : { fields: 0, depth: 0 };
        inner = { fields: sub.fields + 1, depth: sub.depth + 1 };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = setExtent(selection.selectionSet);
      } else {
        inner = fragmentExtent(selection.name.value);
      }
      fields = Math.min(SATURATED, fields + inner.fields);
      depth = Math.max(depth, inner.depth);
      if (fields > limits.maxFields)
        throw new GraphqlFailure(`the query selects more than ${limits.maxFields} fields`, 'limit-exceeded');
      if (depth > limits.maxDepth)
        throw new GraphqlFailure(`the query nests deeper than ${limits.maxDepth} levels`, 'limit-exceeded');
    }
    return { fields, depth };
  };

  let total = 0;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const extent = setExtent(definition.selectionSet);
    total += extent.fields;
    if (total > limits.maxFields)
      throw new GraphqlFailure(`the query selects more than ${limits.maxFields} fields`, 'limit-exceeded');
    const roots = countRoots(definition.selectionSet, fragments, new Set());
    if (roots > limits.maxRootFields)
      throw new GraphqlFailure(`the query asks more than ${limits.maxRootFields} root fields`, 'limit-exceeded');
  }
}

function countRoots(
  set: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  seen: Set<string>,
): number {
  let count = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) count += 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) count += countRoots(selection.selectionSet, fragments, seen);
    else {
      const fragment = fragments.get(selection.name.value);
      if (!fragment || seen.has(fragment.name.value)) continue;
      seen.add(fragment.name.value);
      count += countRoots(fragment.selectionSet, fragments, seen);
    }
  }
  return count;
}

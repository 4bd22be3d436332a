/**
 * The shape and rules of every query key. A key is the app's root, then the domain — the declared name of the
 * endpoint read (endpoint-query.ts builds those keys from the declaration, graphql.ts those of GraphQL operations),
 * or one of the few {@link DERIVED_KEYS} — then everything the answer depends on, by name: the concrete ledger
 * version it was read at (for endpoints that take no `ledger_version` — events, summaries, listings — the version
 * the view reads at, so an answer about "the newest" is re-read when the view moves to a newer version instead of
 * being cached for ever) and the request's and paging's parameters. The data source is not in the key: a source
 * switch resets every query (frame/desktop-actions.tsx), since one window shows one source at a time. The parts
 * are named (`{ address, version, pageSize }`), so a rule such as "keep the rows while only the page size
 * changed" names what it compares instead of counting positions.
 */

/** The version a state query reads at: a concrete version number (decimal) — never "latest". */
export type VersionKey = string;

/**
 * The key part of a read made without a version (the ledger status is unknown, e.g. the offline
 * inspector): such answers are "latest" and must be given `staleTime: 0`, never cached as fresh.
 */
export const UNVERSIONED = 'unversioned';

const root = ['ledger-explorer'] as const;

/**
 * What an answer depends on, by name. A part is undefined while the view does not know it yet (no
 * account, no version): such a query is disabled (`skipToken`) and its key is never fetched.
 */
export type KeyParts = Readonly<Record<string, string | number | undefined>>;

/** A key: the root, the domain, then the parts by name (TanStack hashes objects by sorted property names). */
export type DomainKey<P extends KeyParts = KeyParts> = readonly ['ledger-explorer', string, P];

/** A key of `domain` with `parts`. */
function key<const P extends KeyParts>(domain: string, parts: P): DomainKey<P> {
  return [...root, domain, parts] as const;
}

/** The domain and named parts of a key built here, or undefined for any other key. */
export function keyParts(
  queryKey: readonly unknown[],
): { readonly domain: string; readonly parts: KeyParts } | undefined {
  const [first, domain, parts] = queryKey;
  if (first !== root[0] || typeof domain !== 'string' || typeof parts !== 'object' || parts === null) return undefined;
  return { domain, parts: parts as KeyParts };
}

/**
 * The keys of queries that are not one endpoint's read, and why each is not: every other key is built from an
 * endpoint's declaration (endpoint-query.ts) or a GraphQL operation (graphql.ts `graphqlKey`).
 */
export const DERIVED_KEYS = {
  /** Every page of an account's resources, followed cursor by cursor (compare page; queries/table-queries.ts). */
  allResources: (address: string, version: VersionKey | undefined) => key('all-resources', { address, version }),
  /** An account's oldest retained sequence number: two reads (the account, a transaction; activity-queries.ts). */
  activityFloor: (address: string | undefined, oldest: string | undefined) =>
    key('activity-floor', { address, oldest }),
  /** A type's BCS layout, resolved from many module ABIs (components/bcs-inspector/layout-resolver.ts). */
  moveLayout: (typeTag: string, version: VersionKey) => key('move-layout', { typeTag, version }),
  /** A published module's source, decompressed in the renderer from the package registry's bytes. */
  moduleSource: (address: string, module: string, version: VersionKey | undefined) =>
    key('module-source', { address, module, version }),
} as const;

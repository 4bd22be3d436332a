/**
 * The one query-key factory. Every key starts with the app's root, then the domain, then everything
 * the answer depends on: the concrete ledger version it was read at (for endpoints that take no
 * `ledger_version` — events, summaries, listings — the version the view reads at, so an answer about
 * "the newest" is re-read when the view moves to a newer version instead of being cached for ever)
 * and the cursor or paging parameters. The data source is not in the key: a source switch resets
 * every query (frame/desktop-actions.tsx), since one window shows one source at a time.
 * Domain query options (renderer/api/queries/*.ts) build their keys here and nowhere else.
 */

/** The version a state query reads at: a concrete version number (decimal) — never "latest". */
export type VersionKey = string;

/**
 * The key part of a read made without a version (the ledger status is unknown, e.g. the offline
 * inspector): such answers are "latest" and must be given `staleTime: 0`, never cached as fresh.
 */
export const UNVERSIONED = 'unversioned';

const root = ['ledger-explorer'] as const;

/** Query keys by domain. */
export const queryKeys = {
  all: root,
  ledger: () => [...root, 'ledger'] as const,
  source: () => [...root, 'source'] as const,
  search: (query: string) => [...root, 'search', query] as const,
  account: (address: string, version: VersionKey) => [...root, 'account', address, version] as const,
  resources: (address: string, version: VersionKey, pageSize: number) =>
    [...root, 'resources', address, version, pageSize] as const,
  resource: (address: string, type: string, version: VersionKey) =>
    [...root, 'resource', address, type, version] as const,
  modules: (address: string, version: VersionKey) => [...root, 'modules', address, version] as const,
  eventHandleResources: (address: string, version: VersionKey) =>
    [...root, 'event-handle-resources', address, version] as const,
  events: (address: string, stream: string, start: string | undefined, version: VersionKey, pageSize: number) =>
    [...root, 'events', address, stream, start ?? 'newest', version, pageSize] as const,
  transactions: (
    address: string,
    range: { readonly from?: string | undefined; readonly to?: string | undefined; readonly at?: string | undefined },
    version: VersionKey,
    pageSize: number,
  ) => [...root, 'transactions', address, range.from ?? '', range.to ?? '', range.at ?? '', version, pageSize] as const,
  explorerAccounts: (version: VersionKey, pageSize: number) =>
    [...root, 'explorer', 'accounts', version, pageSize] as const,
  explorerTables: (version: VersionKey, pageSize: number) =>
    [...root, 'explorer', 'tables', version, pageSize] as const,
  tableInfo: (handle: string) => [...root, 'explorer', 'table', handle] as const,
  tableItem: (handle: string, keyType: string, valueType: string, key: string, version: VersionKey) =>
    [...root, 'table-item', handle, keyType, valueType, key, version] as const,
  rawTableItem: (handle: string, keyHex: string, version: VersionKey) =>
    [...root, 'raw-table-item', handle, keyHex, version] as const,
  blocks: (before: string | undefined, version: VersionKey, pageSize: number) =>
    [...root, 'explorer', 'blocks', before ?? 'newest', version, pageSize] as const,
  gasEstimate: (ledgerVersion: VersionKey) => [...root, 'gas-estimate', ledgerVersion] as const,
  versionInfo: (version: VersionKey) => [...root, 'explorer', 'version', version] as const,
  eventStreams: (version: VersionKey, limit: number) => [...root, 'explorer', 'event-streams', version, limit] as const,
  moduleAbi: (address: string, name: string, version: VersionKey) =>
    [...root, 'module-abi', address, name, version] as const,
  moveLayout: (typeTag: string, version: VersionKey) => [...root, 'move-layout', typeTag, version] as const,
  allResources: (address: string, version: VersionKey) => [...root, 'all-resources', address, version] as const,
} as const;

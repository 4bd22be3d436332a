/**
 * The one query-key factory. Every key starts with the data source's identity (so switching the
 * source never serves another source's answers), then the domain, then everything the answer
 * depends on: the ledger version it was read at and the cursor or paging parameters.
 * Domain query options (renderer/api/queries/*.ts) build their keys here and nowhere else.
 */

/** The version a state query reads at: a concrete version number (decimal) — never "latest". */
export type VersionKey = string;

const root = ['ledger-explorer'] as const;

/** Query keys by domain. */
export const queryKeys = {
  all: root,
  ledger: () => [...root, 'ledger'] as const,
  source: () => [...root, 'source'] as const,
  search: (query: string) => [...root, 'search', query] as const,
  account: (address: string, version: VersionKey) => [...root, 'account', address, version] as const,
  resources: (address: string, version: VersionKey, pageSize: number) => [...root, 'resources', address, version, pageSize] as const,
  resource: (address: string, type: string, version: VersionKey) => [...root, 'resource', address, type, version] as const,
  modules: (address: string, version: VersionKey) => [...root, 'modules', address, version] as const,
  eventHandleResources: (address: string, version: VersionKey) => [...root, 'event-handle-resources', address, version] as const,
  events: (address: string, stream: string, start: string | undefined, pageSize: number) => [...root, 'events', address, stream, start ?? 'newest', pageSize] as const,
  transactions: (address: string, range: { readonly from?: string | undefined; readonly to?: string | undefined }, pageSize: number) =>
    [...root, 'transactions', address, range.from ?? '', range.to ?? '', pageSize] as const,
  explorerAccounts: (version: VersionKey, pageSize: number) => [...root, 'explorer', 'accounts', version, pageSize] as const,
  explorerTables: (pageSize: number) => [...root, 'explorer', 'tables', pageSize] as const,
  tableInfo: (handle: string) => [...root, 'explorer', 'table', handle] as const,
  tableItem: (handle: string, keyType: string, valueType: string, key: string, version: VersionKey) => [...root, 'table-item', handle, keyType, valueType, key, version] as const,
  rawTableItem: (handle: string, keyHex: string, version: VersionKey) => [...root, 'raw-table-item', handle, keyHex, version] as const,
  blocks: (before: string | undefined, pageSize: number) => [...root, 'explorer', 'blocks', before ?? 'newest', pageSize] as const,
  gasEstimate: (ledgerVersion: VersionKey) => [...root, 'gas-estimate', ledgerVersion] as const,
  versionInfo: (version: VersionKey) => [...root, 'explorer', 'version', version] as const,
  eventStreams: (limit: number) => [...root, 'explorer', 'event-streams', limit] as const,
  moduleAbi: (address: string, name: string, version: VersionKey) => [...root, 'module-abi', address, name, version] as const,
  moveLayout: (typeTag: string, version: VersionKey) => [...root, 'move-layout', typeTag, version] as const,
  allResources: (address: string, version: VersionKey) => [...root, 'all-resources', address, version] as const,
} as const;

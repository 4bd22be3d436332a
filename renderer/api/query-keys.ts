/**
 * The one query-key factory. Every key starts with the app's root, then the domain, then everything
 * the answer depends on: the concrete ledger version it was read at (for endpoints that take no
 * `ledger_version` — events, summaries, listings — the version the view reads at, so an answer about
 * "the newest" is re-read when the view moves to a newer version instead of being cached for ever)
 * and the cursor or paging parameters. The data source is not in the key: a source switch resets
 * every query (frame/desktop-actions.tsx), since one window shows one source at a time.
 * Domain query options (renderer/api/queries/*.ts) build their keys here and nowhere else. The parts
 * are named (`{ address, version, pageSize }`), so a rule such as "keep the rows while only the page
 * size changed" names what it compares instead of counting positions.
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

/** The version range a transactions list is filtered by and where it starts (decimal strings). */
interface RangeParts {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly at?: string | undefined;
}

type Part = string | undefined;

/** Query keys by domain. */
export const queryKeys = {
  all: root,
  ledger: () => key('ledger', {}),
  source: () => key('source', {}),
  sourceDigest: () => key('source-digest', {}),
  search: (query: string) => key('search', { query }),
  account: (address: Part, version: Part) => key('account', { address, version }),
  resources: (address: Part, version: Part, pageSize: number) => key('resources', { address, version, pageSize }),
  resource: (address: string, type: string, version: Part) => key('resource', { address, type, version }),
  modules: (address: Part, version: Part) => key('modules', { address, version }),
  eventHandleResources: (address: string, version: Part) => key('event-handle-resources', { address, version }),
  events: (address: string, stream: string, start: string | undefined, version: Part, pageSize: number) =>
    key('events', { address, stream, start: start ?? 'newest', version, pageSize }),
  transactions: (address: Part, range: RangeParts, version: Part, pageSize: number) =>
    key('transactions', { address, from: range.from, to: range.to, at: range.at, version, pageSize }),
  explorerAccounts: (version: VersionKey, pageSize: number) => key('explorer-accounts', { version, pageSize }),
  explorerTables: (version: Part, pageSize: number) => key('explorer-tables', { version, pageSize }),
  tableInfo: (handle: string) => key('explorer-table', { handle }),
  tableItem: (handle: Part, keyType: Part, valueType: Part, keyJson: Part, version: Part) =>
    key('table-item', { handle, keyType, valueType, key: keyJson, version }),
  rawTableItem: (handle: string, keyHex: Part, version: Part) => key('raw-table-item', { handle, keyHex, version }),
  blocks: (before: string | undefined, version: Part, pageSize: number) =>
    key('explorer-blocks', { before: before ?? 'newest', version, pageSize }),
  gasEstimate: (ledgerVersion: Part) => key('gas-estimate', { version: ledgerVersion }),
  versionInfo: (version: Part) => key('explorer-version', { version }),
  eventStreams: (version: Part, limit: number) => key('explorer-event-streams', { version, limit }),
  moduleAbi: (address: string, name: string, version: VersionKey) => key('module-abi', { address, name, version }),
  moveLayout: (typeTag: string, version: VersionKey) => key('move-layout', { typeTag, version }),
  allResources: (address: string, version: Part) => key('all-resources', { address, version }),
  transaction: (version: Part) => key('transaction', { version }),
  transactionByHash: (hash: Part) => key('transaction-by-hash', { hash }),
  block: (height: Part, withTransactions: boolean) =>
    key('block', { height, transactions: withTransactions ? 'with' : 'without' }),
  blockByVersion: (version: Part) => key('block-by-version', { version }),
  balance: (address: Part, assetType: Part, version: Part) => key('balance', { address, assetType, version }),
  transactionChanges: (version: string, pageSize: number) => key('transaction-changes', { version, pageSize }),
  resourceAt: (address: Part, type: Part, version: Part) => key('resource-at', { address, type, version }),
  resourceBytesAt: (address: Part, type: Part, version: Part) => key('resource-bytes-at', { address, type, version }),
  tableItemBytesAt: (handle: Part, keyHex: Part, version: Part) =>
    key('table-item-bytes-at', { handle, keyHex, version }),
  blockList: (top: Part, pageSize: number) => key('block-list', { top, pageSize }),
  blockTransactions: (height: Part, start: Part) => key('block-transactions', { height, start }),
  accountAssets: (address: Part, version: Part) => key('explorer-account-assets', { address, version }),
  pairedMetadata: (coinType: Part, version: Part) => key('paired-metadata', { coinType, version }),
  accountActivity: (address: Part, version: Part, pageSize: number, floor: Part) =>
    key('account-activity', { address, version, pageSize, floor }),
  activityFloor: (address: Part, oldest: Part) => key('activity-floor', { address, oldest }),
  moduleSource: (address: Part, module: Part, version: Part) => key('module-source', { address, module, version }),
  graphql: (operation: string, variables: string, version: Part) => key('graphql', { operation, variables, version }),
  view: (fn: string, typeArguments: string, args: string, version: Part) =>
    key('view', { fn, typeArguments, args, version }),
} as const;

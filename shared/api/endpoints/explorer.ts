/**
 * The explorer extras (`/explorer/v1`, not part of the node API, JSON only; docs/api.md): listings
 * of accounts, tables and blocks, table info, search, the facts of one version, the busiest event
 * streams, the data source, and saving a remote node's accounts into a snapshot (capture).
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint.ts';
import { address, u64 } from '../wire-schemas.ts';
import { LEDGER_VERSION, limit } from './common-parameters.ts';
import * as explorerWire from './explorer-schemas.ts';

/** Listing pages: 100 items by default, at most 1000. */
const PAGE = limit('page size (default 100, at most 1000)', { default: 100, max: 1000 });
const SNAPSHOT = ['snapshot'] as const;

/** `GET /explorer/v1/accounts`: accounts ascending by address. */
export const explorerAccounts = endpoint({
  method: 'GET',
  path: '/explorer/v1/accounts',
  params: {},
  query: {
    limit: PAGE,
    after: { kind: 'address', doc: 'the last address of the previous page (exclusive)' },
    ledger_version: LEDGER_VERSION,
  },
  body: undefined,
  reply: v.looseObject({ ledger_version: u64, accounts: v.array(address), next: v.nullable(address) }),
  bcs: undefined,
  errors: ['invalid_input', 'version_not_found', 'version_pruned'],
  sources: SNAPSHOT,
  doc: '`{"ledger_version", "accounts", "next"}` ascending by address',
});

/** `GET /explorer/v1/tables`: tables ascending by handle. */
export const explorerTables = endpoint({
  method: 'GET',
  path: '/explorer/v1/tables',
  params: {},
  query: {
    limit: PAGE,
    after: { kind: 'address', doc: 'the last handle of the previous page (exclusive)' },
  },
  body: undefined,
  reply: v.looseObject({ tables: v.array(explorerWire.tableInfo), next: v.nullable(address) }),
  bcs: undefined,
  errors: ['invalid_input'],
  sources: SNAPSHOT,
  doc: '`{"tables": [table], "next"}` ascending by handle',
});

/** `GET /explorer/v1/tables/{handle}`: key and value types, owner. */
export const explorerTable = endpoint({
  method: 'GET',
  path: '/explorer/v1/tables/:handle',
  params: { handle: 'address' },
  query: {},
  body: undefined,
  reply: explorerWire.tableInfo,
  bcs: undefined,
  errors: ['state_value_not_found'],
  sources: SNAPSHOT,
  doc: 'table',
});

/** `GET /explorer/v1/blocks`: blocks newest first, with their gas facts. */
export const explorerBlocks = endpoint({
  method: 'GET',
  path: '/explorer/v1/blocks',
  params: {},
  query: { before: { kind: 'u64', doc: 'the newest height (inclusive)' }, limit: PAGE },
  body: undefined,
  reply: v.looseObject({ blocks: v.array(explorerWire.block), next_before: v.nullable(u64) }),
  bcs: undefined,
  errors: ['invalid_input'],
  sources: SNAPSHOT,
  doc: '`{"blocks": [block], "next_before"}`, newest first',
});

/**
 * `GET /explorer/v1/search?q=`: what the text names (version, block, transaction hash, account, object, fungible
 * asset metadata, table, module, struct).
 */
export const explorerSearch = endpoint({
  method: 'GET',
  path: '/explorer/v1/search',
  params: {},
  query: { q: { kind: 'text', required: true, doc: 'the text searched for' } },
  body: undefined,
  reply: v.looseObject({ query: v.string(), results: v.array(explorerWire.searchResult) }),
  bcs: undefined,
  errors: [],
  sources: SNAPSHOT,
  doc: '`{"query", "results": [result]}`',
});

/** `POST /explorer/v1/capture`: the accounts saved into a new snapshot in the captures folder. */
export const explorerCapture = endpoint({
  method: 'POST',
  path: '/explorer/v1/capture',
  params: {},
  query: {},
  body: v.looseObject({
    accounts: v.array(v.string()),
    ledger_version: v.optional(v.string()),
    tables: v.optional(v.array(v.unknown())),
  }),
  reply: v.looseObject({ file: v.string(), name: v.string(), bytes: v.number(), ledger_version: u64 }),
  status: 201,
  bcs: undefined,
  errors: ['invalid_input'],
  sources: ['snapshot', 'remote'],
  doc: '201 `{"file", "name", "bytes", "ledger_version"}`',
});

/** `GET /explorer/v1/source`: the data source behind `/v1`. */
export const explorerSource = endpoint({
  method: 'GET',
  path: '/explorer/v1/source',
  params: {},
  query: {},
  body: undefined,
  reply: explorerWire.sourceInfo,
  bcs: undefined,
  errors: [],
  sources: ['snapshot', 'remote'],
  doc:
    '`{"kind": "snapshot", "name", "origin", "indexer"}` or ' +
    '`{"kind": "remote", "name", "url", "health", "indexer"}`',
});

/**
 * `GET /explorer/v1/source/digest`: the snapshot's content digest, as `snapshot info --digest` prints it
 * (electron/snapshot/snapshot-digest.ts): what an export names as the data it came from. Hashed once, in the
 * background, on the first request; the reply is cached like any other.
 */
export const explorerSourceDigest = endpoint({
  method: 'GET',
  path: '/explorer/v1/source/digest',
  params: {},
  query: {},
  body: undefined,
  reply: v.looseObject({ content_digest: v.pipe(v.string(), v.regex(/^sha256:[0-9a-f]{64}$/)) }),
  bcs: undefined,
  errors: [],
  sources: SNAPSHOT,
  doc: '`{"content_digest": "sha256:…"}`',
});

/** `GET /explorer/v1/versions/{version}`: the block holding a version. */
export const explorerVersion = endpoint({
  method: 'GET',
  path: '/explorer/v1/versions/:version',
  params: { version: 'u64' },
  query: {},
  body: undefined,
  reply: explorerWire.versionInfo,
  bcs: undefined,
  errors: ['version_not_found', 'version_pruned', 'block_not_found'],
  sources: SNAPSHOT,
  doc: 'the block holding the version',
});

/** `GET /explorer/v1/event-streams`: the busiest event streams. */
export const explorerEventStreams = endpoint({
  method: 'GET',
  path: '/explorer/v1/event-streams',
  params: {},
  query: { limit: limit('page size (default 10, at most 100)', { default: 10, max: 100 }) },
  body: undefined,
  reply: v.looseObject({ window: v.number(), streams: v.array(explorerWire.eventStream) }),
  bcs: undefined,
  errors: ['invalid_input'],
  sources: SNAPSHOT,
  doc: '`{"window", "streams"}`, most events first',
});

/** `GET /explorer/v1/accounts/{address}/assets`: the objects the account owns, its fungible stores among them. */
export const explorerAccountAssets = endpoint({
  method: 'GET',
  path: '/explorer/v1/accounts/:address/assets',
  params: { address: 'address' },
  query: { ledger_version: LEDGER_VERSION },
  body: undefined,
  reply: v.looseObject({ ledger_version: u64, objects: v.array(explorerWire.ownedObject) }),
  bcs: undefined,
  errors: ['version_not_found', 'version_pruned'],
  sources: SNAPSHOT,
  doc: '`{"ledger_version", "objects": [owned object]}` ascending by address',
});

/**
 * `GET /explorer/v1/transactions/by_version/{version}/changes`: a transaction's write set with, per state key, its
 * group, whether it existed at V − 1 and its values before and after (decoded and BCS), in one read instead of one
 * request per change (issue 24 item 5). Paged by write-set position: `start` (the first index), `limit` keys.
 */
export const explorerTransactionChanges = endpoint({
  method: 'GET',
  path: '/explorer/v1/transactions/by_version/:version/changes',
  params: { version: 'u64' },
  query: {
    start: { kind: 'u64', doc: 'the first write-set index (default 0)' },
    limit: limit('state keys per page (default 100, at most 1000)', { default: 100, max: 1000 }),
  },
  body: undefined,
  reply: v.looseObject({
    version: u64,
    before_version: v.nullable(u64),
    before_state: explorerWire.beforeState,
    write_set_size: v.pipe(v.number(), v.integer(), v.minValue(0)),
    changes: v.array(explorerWire.changeFacts),
    next_start: v.nullable(u64),
  }),
  bcs: undefined,
  errors: ['invalid_input', 'transaction_not_found', 'version_pruned'],
  sources: SNAPSHOT,
  doc: '`{"version", "before_version", "before_state", "write_set_size", "changes": [change], "next_start"}`',
});

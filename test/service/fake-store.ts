/**
 * An in-memory LedgerStore for the service's unit tests: a tiny chain (accounts 0x1 and 0xa11ce,
 * one table, one event stream, a few summaries and blocks) built with the shared codec, so
 * routes can be tested without SQLite. `failing` makes every method throw (store gone).
 */
import { parseAddress } from '../../shared/address.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import type { MoveModuleAbi, MoveStructAbi } from '../../shared/move/abi.ts';
import { encodeStructTag, formatStructTag, parseStructTag, type StructTag } from '../../shared/type-tag.ts';
import type {
  BlockSummary,
  LedgerInfo,
  LedgerStore,
  NodeSettings,
  ResourcePage,
  StoredEvent,
  StoredModule,
  StoredResource,
  StoredTransactionSummary,
  TableInfo,
} from '../../electron/snapshot/ledger-store.ts';
import { DEFAULT_GAS_ESTIMATION } from '../../electron/service/gas-estimate.ts';

/** Node default settings. */
export const FAKE_SETTINGS: NodeSettings = {
  eventsDefaultLimit: 25,
  eventsMaxLimit: 100,
  summariesDefaultLimit: 100,
  summariesMaxLimit: 100,
  resourcesDefaultLimit: 9999,
  resourcesMaxLimit: 9999,
  nodeRole: 'full_node',
  gasEstimation: DEFAULT_GAS_ESTIMATION,
};

/** The fake chain's ledger info. */
export const FAKE_LEDGER: LedgerInfo = {
  chainId: 4,
  epoch: 2n,
  ledgerVersion: 100n,
  oldestLedgerVersion: 10n,
  ledgerTimestampUsec: 1_700_000_000_000_000n,
  blockHeight: 20n,
  oldestBlockHeight: 2n,
  nodeRole: 'full_node',
};

const struct = (name: string, fields: readonly [string, string][], generics = 0): MoveStructAbi => ({
  name,
  is_native: false,
  abilities: ['store'],
  generic_type_params: Array.from({ length: generics }, () => ({ constraints: [] })),
  fields: fields.map(([fieldName, type]) => ({ name: fieldName, type })),
});
const moduleAbi = (name: string, structs: readonly MoveStructAbi[]): MoveModuleAbi => ({
  address: '0x1',
  name,
  friends: [],
  exposed_functions: [],
  structs,
});

/** ABIs of the framework modules the fake chain uses. */
export const FAKE_MODULES: readonly MoveModuleAbi[] = [
  moduleAbi('guid', [struct('GUID', [['id', '0x1::guid::ID']]), struct('ID', [['creation_num', 'u64'], ['addr', 'address']])]),
  moduleAbi('event', [struct('EventHandle', [['counter', 'u64'], ['guid', '0x1::guid::GUID']], 1)]),
  moduleAbi('account', [
    struct('Account', [
      ['authentication_key', 'vector<u8>'],
      ['sequence_number', 'u64'],
      ['coin_register_events', '0x1::event::EventHandle<0x1::account::CoinRegisterEvent>'],
      ['guid_creation_num', 'u64'],
    ]),
    struct('CoinRegisterEvent', [['value', 'u64']]),
    struct('Broken', [['value', 'u64']]),
  ]),
  moduleAbi('extra', Array.from({ length: 12 }, (_, i) => struct(`E${i}`, [['value', 'u64']]))),
];

/** 0x1 as bytes. */
export const ONE = parseAddress('0x1');
/** A user account. */
export const ALICE = parseAddress('0xa11ce');
/** The one table's handle. */
export const TABLE = parseAddress('0xab1e');
/** The Account resource tag. */
export const ACCOUNT_TAG = parseStructTag('0x1::account::Account');
/** A resource whose bytes do not decode with its layout. */
export const BROKEN_TAG = parseStructTag('0x1::account::Broken');

/** Resource state key: 0x00, address, ULEB length, then Path::Resource(tag). */
export function resourceStateKey(address: Uint8Array, tag: StructTag): Uint8Array {
  const path = new BcsWriter().variantIndex(1).fixedBytes(encodeStructTag(tag)).toBytes();
  return new BcsWriter().variantIndex(0).address(address).bytes(path).toBytes();
}

function accountBytes(address: Uint8Array, sequenceNumber: bigint): Uint8Array {
  return new BcsWriter()
    .bytes(new Uint8Array(32).fill(7))
    .u64(sequenceNumber)
    .u64(5n)
    .u64(2n)
    .address(address)
    .u64(4n)
    .toBytes();
}

function compare(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return a.length - b.length;
}
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** Builds a fake store; `failing: true` makes every method throw, `'data'` all but ledgerInfo. */
export function createFakeStore(options: { failing?: boolean | 'data'; extraResources?: number } = {}): LedgerStore {
  const resources: StoredResource[] = [
    { stateKey: resourceStateKey(ONE, ACCOUNT_TAG), tag: ACCOUNT_TAG, bytes: accountBytes(ONE, 0n) },
    { stateKey: resourceStateKey(ALICE, ACCOUNT_TAG), tag: ACCOUNT_TAG, bytes: accountBytes(ALICE, 3n) },
    { stateKey: resourceStateKey(ALICE, BROKEN_TAG), tag: BROKEN_TAG, bytes: new Uint8Array([1, 2]) },
  ];
  for (let i = 0; i < Math.min(options.extraResources ?? 0, 12); i += 1) {
    const tag = parseStructTag(`0x1::extra::E${i}`);
    resources.push({ stateKey: resourceStateKey(ONE, tag), tag, bytes: new BcsWriter().u64(BigInt(i)).toBytes() });
  }
  resources.sort((a, b) => compare(a.stateKey, b.stateKey));

  const events: StoredEvent[] = Array.from({ length: 5 }, (_, i) => ({
    version: BigInt(20 + i),
    address: ALICE,
    creationNumber: 2n,
    sequenceNumber: BigInt(i),
    typeTag: '0x1::account::CoinRegisterEvent',
    data: new BcsWriter().u64(BigInt(i * 10)).toBytes(),
  }));
  const summaries: StoredTransactionSummary[] = [30n, 40n, 50n, 60n].map((version, i) => ({
    sender: ALICE,
    version,
    hash: new Uint8Array(32).fill(i + 1),
    replayProtector: i === 3 ? { type: 'nonce', value: 81n } : { type: 'sequence_number', value: BigInt(i) },
  }));
  const tableItems = new Map<string, Uint8Array>([[hex(new BcsWriter().u64(7n).toBytes()), new BcsWriter().u64(700n).toBytes()]]);
  const tableInfo: TableInfo = {
    handle: TABLE,
    keyType: 'u64',
    valueType: 'u64',
    ownerAddress: ALICE,
    ownerResource: '0x1::account::Account',
    ownerField: 'items',
  };
  const blocks: BlockSummary[] = Array.from({ length: 19 }, (_, i) => {
    const height = BigInt(20 - i);
    return {
      height,
      epoch: 2n,
      firstVersion: height * 5n,
      lastVersion: height * 5n + 4n,
      userTransactions: 3,
      minGasUnitPrice: 100n,
      maxTransactionsToOneModule: 1,
      blockLimitReached: false,
      timestampUsec: height * 1000n,
    };
  });
  const modules: StoredModule[] = FAKE_MODULES.map((abi) => ({ abi, bytecode: new TextEncoder().encode(`code:${abi.name}`) }));
  const lookup = (address: string, name: string): MoveModuleAbi | undefined =>
    address === '0x1' ? FAKE_MODULES.find((abi) => abi.name === name) : undefined;

  const store: LedgerStore = {
    settings: FAKE_SETTINGS,
    ledgerInfo: () => FAKE_LEDGER,
    resource: (address, tag) =>
      resources.find((r) => compare(r.stateKey, resourceStateKey(address, tag)) === 0)?.bytes,
    accountResources: (address, _version, startKey, limit): ResourcePage => {
      const mine = resources.filter((r) => compare(r.stateKey.subarray(1, 33), address) === 0);
      const from = mine.filter((r) => startKey === undefined || compare(r.stateKey, startKey) >= 0);
      return { resources: from.slice(0, limit), nextCursor: from[limit]?.stateKey };
    },
    tableItem: (handle, key) => (compare(handle, TABLE) === 0 ? tableItems.get(hex(key)) : undefined),
    events: (address, creationNumber, start, limit) => {
      const stream = events.filter((e) => compare(e.address, address) === 0 && e.creationNumber === creationNumber);
      return start === undefined ? stream.slice(Math.max(0, stream.length - limit)) : stream.filter((e) => e.sequenceNumber >= start).slice(0, limit);
    },
    transactionSummaries: (sender, query) => {
      const mine = summaries.filter((s) => compare(s.sender, sender) === 0);
      if (query.startVersion !== undefined) {
        const start = query.startVersion;
        return mine.filter((s) => s.version >= start).slice(0, query.limit);
      }
      const end = query.endVersion;
      const upTo = end === undefined ? mine : mine.filter((s) => s.version <= end);
      return upTo.slice(Math.max(0, upTo.length - query.limit));
    },
    recentBlocks: (epoch, count) => blocks.filter((b) => b.epoch === epoch).slice(0, count),
    minGasUnitPrice: () => 100n,
    module: (address, name) => (compare(address, ONE) === 0 ? modules.find((m) => m.abi.name === name) : undefined),
    modules: (address) => (compare(address, ONE) === 0 ? modules : []),
    abiLookup: () => lookup,
    tableInfo: (handle) => (compare(handle, TABLE) === 0 ? tableInfo : undefined),
    listAccounts: (_version, after, limit) =>
      [ONE, ALICE].filter((a) => after === undefined || compare(a, after) > 0).slice(0, limit),
    listTables: (after, limit) => [tableInfo].filter((t) => after === undefined || compare(t.handle, after) > 0).slice(0, limit),
    blocksBefore: (before, limit) => blocks.filter((b) => before === undefined || b.height <= before).slice(0, limit),
    blockOfVersion: (version) => blocks.find((b) => b.firstVersion <= version && version <= b.lastVersion),
  };
  if (!options.failing) return store;
  return new Proxy(store, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== 'function' || (options.failing === 'data' && property === 'ledgerInfo')) return value;
      return () => {
        throw new Error('SQLITE_CANTOPEN: unable to open database file');
      };
    },
  });
}

/** Canonical text of a struct tag (re-exported for tests). */
export { formatStructTag };

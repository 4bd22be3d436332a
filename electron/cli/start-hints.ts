/**
 * What `serve` prints under the web UI's URL for someone who has never seen the snapshot: which file is served, and
 * two or three full URLs of places worth opening first, found in the snapshot itself — an account that publishes
 * modules and owns tables (modules, tables, a long event stream: a developer's view), the generator's
 * 10,003-resource account (a long table to scroll and filter), and a table with a struct value (table items, the BCS
 * inspector). Only cheap reads: one table listing, a few accounts' resources, modules and newest events, and the
 * large account's resources to count them (pages of 9,999).
 */
import { formatAddress, parseAddress } from '../../shared/address.ts';
import { findEventHandles } from '../snapshot/event-handles.ts';
import { COLLECTOR_ADDRESS } from '../snapshot/generator/coin-collection.ts';
import type { LedgerStore, TableInfo } from '../snapshot/ledger-store.ts';

/** One starting point: a path of the web UI and what is there. */
export interface StartHint {
  readonly path: string;
  readonly what: string;
}

/** An account with more resources than this is worth showing as the long-table example. */
const LARGE = 1000;
/** The node's largest `/resources` page, used to count the rest of the large account's. */
const PAGE = 9999;
const count = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, word: string): string => `${count(n)} ${word}${n === 1 ? '' : 's'}`;
const sameBytes = (a: Uint8Array | undefined, b: Uint8Array): boolean =>
  a !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i]);

/** An account's figures for ranking: modules, tables it owns, and its longest event stream. */
interface AccountFacts {
  readonly address: string;
  readonly modules: number;
  readonly owned: readonly TableInfo[];
  readonly stream: { readonly creationNumber: bigint; readonly events: bigint } | undefined;
}

function accountFacts(store: LedgerStore, address: string, version: bigint, tables: readonly TableInfo[]) {
  const bytes = parseAddress(address);
  let stream: AccountFacts['stream'];
  for (const handle of findEventHandles(store, address, version)) {
    // A stream's newest event has sequence number length - 1 (one index lookup, no count).
    const newest = store.events(bytes, handle.creationNumber, undefined, 1)[0];
    const events = newest === undefined ? 0n : newest.sequenceNumber + 1n;
    if (events > (stream?.events ?? 0n)) stream = { creationNumber: handle.creationNumber, events };
  }
  return {
    address,
    modules: store.modules(bytes, version).length,
    owned: tables.filter((table) => sameBytes(table.ownerAddress, bytes)),
    stream,
  } satisfies AccountFacts;
}

/** Has modules (1/0), owns tables (1/0), events in its longest stream: compared in that order. */
type Rank = readonly [number, number, bigint];
const outranks = (a: Rank, b: Rank): boolean =>
  a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2];

/**
 * Among the accounts owning tables (and the framework, 0x1), one with modules, tables and events — preferring, in
 * that order, modules, owned tables, then the longest event stream.
 */
function busyAccount(store: LedgerStore, version: bigint, tables: readonly TableInfo[]): AccountFacts | undefined {
  const owners = tables.flatMap((table) => (table.ownerAddress ? [formatAddress(table.ownerAddress)] : []));
  const candidates = [...new Set([...owners.slice(0, 50), '0x1'])].slice(0, 10);
  let best: { facts: AccountFacts; rank: Rank } | undefined;
  for (const address of candidates) {
    const facts = accountFacts(store, address, version, tables);
    const rank: Rank = [facts.modules > 0 ? 1 : 0, facts.owned.length > 0 ? 1 : 0, facts.stream?.events ?? 0n];
    if (rank[0] === 0 && rank[1] === 0 && rank[2] === 0n) continue;
    if (best === undefined || outranks(rank, best.rank)) best = { facts, rank };
  }
  return best?.facts;
}

function accountHint(facts: AccountFacts): StartHint {
  const stream = facts.stream
    ? `, an event stream of ${count(Number(facts.stream.events))} events (events/${facts.stream.creationNumber})`
    : '';
  return {
    path: `/accounts/${facts.address}`,
    what: `${plural(facts.modules, 'module')}, ${plural(facts.owned.length, 'table')}${stream}`,
  };
}

/**
 * The generator's coin collector (10,003 resources in the sample), when this snapshot has it with over a thousand,
 * with its real count: the rest of its listing is read in pages of the node's largest size (a few hundred
 * milliseconds for the sample's, once at start).
 */
function largeAccount(store: LedgerStore, version: bigint): StartHint | undefined {
  const address = parseAddress(COLLECTOR_ADDRESS);
  let page = store.accountResources(address, version, undefined, LARGE);
  if (page.resources.length < LARGE || page.nextCursor === undefined) return undefined;
  let resources = page.resources.length;
  while (page.nextCursor !== undefined) {
    page = store.accountResources(address, version, page.nextCursor, PAGE);
    resources += page.resources.length;
  }
  return {
    path: `/accounts/${COLLECTOR_ADDRESS}`,
    what: `${count(resources)} resources: a long table to scroll and filter`,
  };
}

/** A table whose values are structs (owned by the busy account when it has one), for the table item lookup. */
function structTable(preferred: readonly TableInfo[], tables: readonly TableInfo[]): StartHint | undefined {
  const isStruct = (table: TableInfo): boolean => /^0x[0-9a-f]+::/.test(table.valueType);
  const table = preferred.find(isStruct) ?? tables.find(isStruct) ?? preferred[0] ?? tables[0];
  if (table === undefined) return undefined;
  const owner =
    table.ownerResource !== undefined && table.ownerField !== undefined
      ? ` in ${table.ownerResource}.${table.ownerField}`
      : '';
  return {
    path: `/tables/${formatAddress(table.handle)}`,
    what: `table <${table.keyType}, ${table.valueType}>${owner}: look items up by key, decode their bytes`,
  };
}

/** Up to three starting points in `store` (none when the snapshot has nothing suitable). */
export function findStartHints(store: LedgerStore): readonly StartHint[] {
  const version = store.ledgerInfo().ledgerVersion;
  const tables = store.listTables(undefined, 200);
  const busy = busyAccount(store, version, tables);
  return [busy && accountHint(busy), largeAccount(store, version), structTable(busy?.owned ?? [], tables)].filter(
    (hint): hint is StartHint => hint !== undefined,
  );
}

/**
 * The lines `serve` prints after the web UI's URL (`baseUrl`, ending in `/`): the snapshot file, then the starting
 * points as full URLs. A snapshot too damaged to sample still gets served (its reads answer with error records).
 */
export function startHints(store: LedgerStore, baseUrl: string, snapshotPath: string): string {
  let hints: readonly StartHint[];
  try {
    hints = findStartHints(store);
  } catch {
    hints = [];
  }
  const base = baseUrl.replace(/\/$/, '');
  const lines = [`snapshot: ${snapshotPath}`];
  if (hints.length > 0) lines.push('start with:', ...hints.map((hint) => `  ${base}${hint.path}  ${hint.what}`));
  return `${lines.join('\n')}\n`;
}

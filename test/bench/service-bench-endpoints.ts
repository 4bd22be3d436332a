/**
 * The endpoints the service benchmark loads, each a rotating set of real requests built from the
 * snapshot: its sampled accounts, the busiest senders, the event streams found in those accounts'
 * resources, and live table keys. Up to {@link ROTATION} distinct requests per endpoint, spread
 * over as many accounts, streams and keys as the snapshot offers, so that no endpoint is one hot URL.
 */
import { parseAddress } from '../../shared/address.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import { findEventHandles } from '../../electron/snapshot/event-handles.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import type { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import type { BenchRequest } from './service-bench-load.ts';
import { eventsSql, resourcesSql, tableItemsSql } from './service-bench-state-sql.ts';
import { transactionEndpoints, type BareSqlFactory } from './service-bench-transactions.ts';

/** Page size of the paged endpoints. */
export const PAGE = 25;

/** Most distinct requests per endpoint. */
export const ROTATION = 200;

/** One benchmarked endpoint. */
export interface Endpoint {
  /** Short id, as given to --only. */
  readonly id: string;
  /** Markdown label for the tables. */
  readonly name: string;
  readonly requests: readonly BenchRequest[];
  /** The bare SQL of each request (same order), for the endpoints whose report sets it beside the service. */
  readonly bareSql?: BareSqlFactory;
}

/** An event stream with enough events for a page, and where its handle lives. */
interface PagedStream {
  readonly address: string;
  readonly creationNumber: bigint;
  readonly struct: string;
  readonly field: string;
  readonly count: bigint;
}

const JSON_BODY = { 'Content-Type': 'application/json' } as const;

/**
 * Takes the first item of every group, then the second of every group, and so on, up to `max`
 * items: as many groups (accounts, streams, tables) as possible before any repeats one.
 */
export function interleave<T>(groups: readonly (readonly T[])[], max: number): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...groups.map((group) => group.length));
  for (let index = 0; index < longest && out.length < max; index += 1) {
    for (const group of groups) {
      const item = group[index];
      if (item !== undefined && out.length < max) out.push(item);
    }
  }
  return out;
}

/** The snapshot's info document with up to {@link ROTATION} sampled senders and table keys. */
export function benchInfo(store: SnapshotStore): SnapshotInfo {
  return snapshotInfo(store, ROTATION);
}

/** Event streams (at least one page long) whose handles live in the sampled accounts' resources, up to `max`. */
function pagedStreams(store: SnapshotStore, info: SnapshotInfo, max: number): PagedStream[] {
  const latest = BigInt(info.latestVersion);
  const count = store.database.prepare('SELECT count(*) AS n FROM events WHERE address = ? AND creation_number = ?');
  const seen = new Set<string>();
  const streams: PagedStream[] = [];
  for (const account of info.samples.accounts) {
    for (const handle of findEventHandles(store, account, latest)) {
      const key = `${handle.address}/${handle.creationNumber}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const events = BigInt((count.get(handle.addressBytes, handle.creationNumber) as { n: number }).n);
      if (events < BigInt(PAGE)) continue;
      streams.push({
        address: handle.address,
        creationNumber: handle.creationNumber,
        struct: handle.struct,
        field: handle.field,
        count: events,
      });
      if (streams.length === max) return streams;
    }
  }
  return streams;
}

/** Every benchmarked endpoint with its request set. */
export function buildEndpoints(store: SnapshotStore, info: SnapshotInfo): Endpoint[] {
  const { accounts, tables, senders } = info.samples;
  const streams = pagedStreams(store, info, ROTATION);
  const get = (path: string): BenchRequest => ({ method: 'GET', path });
  // First page and a page from the middle of each stream; alternate which comes first, so that a
  // capped set still has both kinds.
  const pageList = interleave(
    streams.map((stream, i) => {
      const pages = [
        { stream, start: undefined },
        { stream, start: stream.count / 2n },
      ];
      return i % 2 === 0 ? pages : pages.reverse();
    }),
    ROTATION,
  );
  const eventPages = (base: (s: PagedStream) => string): BenchRequest[] =>
    pageList.map(({ stream, start }) =>
      get(start === undefined ? `${base(stream)}?limit=${PAGE}` : `${base(stream)}?start=${start}&limit=${PAGE}`),
    );
  const eventReads = pageList.map(({ stream, start }) => ({
    address: stream.address,
    creationNumber: stream.creationNumber,
    start,
  }));
  const latest = BigInt(info.latestVersion);
  const items = interleave(
    tables.map((table) => table.keys.map((key, i) => ({ table, key, rawKey: table.rawKeys[i] ?? '0x' }))),
    ROTATION,
  );
  const resourceAccounts = accounts.slice(0, ROTATION);
  const resource = (address: string, struct: string): BenchRequest =>
    get(`/v1/accounts/${address}/resource/${encodeURIComponent(struct)}`);
  // Only resources the account holds (a sender paid in fungible assets may have no CoinStore).
  const held = (address: string, struct: string): boolean =>
    store.resource(parseAddress(address), parseStructTag(struct), latest) !== undefined;
  return [
    {
      id: 'resources',
      name: `resources page (\`/v1/accounts/{a}/resources?limit=${PAGE}\`)`,
      requests: resourceAccounts.map((address) => get(`/v1/accounts/${address}/resources?limit=${PAGE}`)),
      bareSql: resourcesSql(resourceAccounts, latest, PAGE),
    },
    {
      id: 'events',
      name: `events page by creation number (\`/v1/accounts/{a}/events/{n}?limit=${PAGE}\`)`,
      requests: eventPages((s) => `/v1/accounts/${s.address}/events/${s.creationNumber}`),
      bareSql: eventsSql(eventReads, PAGE),
    },
    {
      id: 'events-handle',
      name: `events page by handle (\`/v1/accounts/{a}/events/{struct}/{field}?limit=${PAGE}\`)`,
      requests: eventPages((s) => `/v1/accounts/${s.address}/events/${encodeURIComponent(s.struct)}/${s.field}`),
    },
    {
      id: 'summaries',
      name: `transaction summaries (\`/v1/accounts/{a}/transaction_summaries?limit=${PAGE}\`)`,
      requests: senders
        .slice(0, ROTATION)
        .map((sender) => get(`/v1/accounts/${sender.address}/transaction_summaries?limit=${PAGE}`)),
    },
    {
      id: 'resource',
      name: 'single resource (`/v1/accounts/{a}/resource/{struct}`)',
      requests: interleave(
        [
          [resource('0x1', '0x1::block::BlockResource')],
          ...senders.map((sender, i) => {
            const both = ['0x1::account::Account', '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>']
              .filter((struct) => held(sender.address, struct))
              .map((struct) => resource(sender.address, struct));
            return i % 2 === 0 ? both : both.reverse();
          }),
        ],
        ROTATION,
      ),
    },
    {
      id: 'table-item',
      name: 'table item (`POST /v1/tables/{h}/item`, JSON)',
      requests: items.map(({ table, key }): BenchRequest => ({
        method: 'POST',
        path: `/v1/tables/${table.handle}/item`,
        headers: JSON_BODY,
        body: JSON.stringify({ key_type: table.keyType, value_type: table.valueType, key }),
      })),
      bareSql: tableItemsSql(
        items.map(({ table, rawKey }) => ({ handle: table.handle, rawKey })),
        latest,
      ),
    },
    {
      id: 'raw-table-item',
      name: 'raw table item (`POST /v1/tables/{h}/raw_item`, BCS)',
      requests: interleave(
        tables.map((table) =>
          table.rawKeys.map((key): BenchRequest => ({
            method: 'POST',
            path: `/v1/tables/${table.handle}/raw_item`,
            headers: { ...JSON_BODY, Accept: 'application/x-bcs' },
            body: JSON.stringify({ key }),
          })),
        ),
        ROTATION,
      ),
    },
    { id: 'gas', name: 'gas estimate (`/v1/estimate_gas_price`)', requests: [get('/v1/estimate_gas_price')] },
    { id: 'ledger', name: 'ledger info (`/v1`)', requests: [get('/v1')] },
    ...transactionEndpoints(store, info, ROTATION),
  ];
}

/** The endpoints named in `only` (comma-separated ids), or all; throws on an unknown id or an empty request set. */
export function selectEndpoints(all: readonly Endpoint[], only: string | undefined): Endpoint[] {
  const ids = only
    ?.split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const unknown = ids?.filter((id) => !all.some((endpoint) => endpoint.id === id)) ?? [];
  if (unknown.length > 0)
    throw new Error(`unknown endpoint id(s) ${unknown.join(', ')}; known: ${all.map((e) => e.id).join(', ')}`);
  const selected = ids === undefined ? [...all] : all.filter((endpoint) => ids.includes(endpoint.id));
  for (const endpoint of selected)
    if (endpoint.requests.length === 0) throw new Error(`no sampled requests for ${endpoint.id}`);
  return selected;
}

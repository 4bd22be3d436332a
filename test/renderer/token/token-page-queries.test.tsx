/**
 * The token page's paged reads (renderer/api/queries/token-page-queries.ts) against the real read service over the
 * main fixture: the activities read in pages of 3 through the infinite query's next-page rule are exactly
 * `token_activities_v2` newest first in one read (no row lost or repeated where a page ends inside a transaction),
 * never past the version; the owner-changing filter keeps mints, transfers and burns only.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { requestGraphql } from '../../../renderer/api/graphql.ts';
import {
  BURN_TYPES,
  MINT_TYPES,
  TRANSFER_TYPES,
  tokenActivitiesQuery,
  type TokenActivityPage,
} from '../../../renderer/api/queries/token-page-queries.ts';
import { withApi } from '../support/service-fetch.ts';

interface Row {
  readonly transaction_version: number;
  readonly event_index: number;
  readonly type: string;
}

/** Every page of `options`, following `getNextPageParam` until it says none. */
async function allPages(options: ReturnType<typeof tokenActivitiesQuery>): Promise<TokenActivityPage[]> {
  const client = new QueryClient();
  const result = await client.fetchInfiniteQuery({ ...options, pages: 100 });
  return result.pages;
}

describe('token page queries', () => {
  it('keeps a numeric beyond 2^53 (a collection maximum) digit for digit, as the wire sends it', async () => {
    await withApi(async () => {
      const query = `{ current_collections_v2(order_by: {max_supply: desc}, limit: 1) { collection_id max_supply } }`;
      const wire = await (
        await fetch('/v1/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query }),
        })
      ).text();
      const digits = /"max_supply":(\d+)/.exec(wire)![1]!;
      expect(Number.isSafeInteger(Number(digits))).toBe(false);
      const data = await requestGraphql<{ current_collections_v2: { max_supply: unknown }[] }>(query, {}, undefined);
      expect(data.current_collections_v2[0]!.max_supply).toBe(digits);
    });
  });

  it('pages of 3 newest first are the activities read at once, bounded by the version', async () => {
    await withApi(async () => {
      const { token_activities_v2: busiest } = await requestGraphql<{
        token_activities_v2: { token_data_id: string }[];
      }>(
        `{ token_activities_v2(where: {type: {_eq: "0x1::object::Transfer"}}, order_by: {transaction_version: desc},
          limit: 1) { token_data_id } }`,
        {},
        undefined,
      );
      const id = busiest[0]!.token_data_id;
      const read = async (at: string): Promise<Row[]> =>
        (
          await requestGraphql<{ token_activities_v2: Row[] }>(
            `query A($t: String!) { token_activities_v2(where: {token_data_id: {_eq: $t}},
              order_by: [{transaction_version: desc}, {event_index: desc}], limit: 100)
              { transaction_version event_index type } }`,
            { t: id },
            at,
          )
        ).token_activities_v2;
      const version = ((await (await fetch('/v1')).json()) as { ledger_version: string }).ledger_version;
      const latest = await read(version);
      expect(latest.length).toBeGreaterThan(3);
      const pages = await allPages(tokenActivitiesQuery(id, version, undefined, 3));
      expect(pages.length).toBeGreaterThan(1);
      expect(pages.flatMap((page) => page.rows.map((row) => [row.transaction_version, row.event_index]))).toEqual(
        latest.map((row) => [row.transaction_version, row.event_index]),
      );
      // Pinned below the newest activity: none past the pin.
      const pin = String(latest[0]!.transaction_version - 1);
      const pinned = await allPages(tokenActivitiesQuery(id, pin, undefined, 3));
      expect(pinned.flatMap((page) => page.rows.map((row) => row.transaction_version))).toEqual(
        (await read(pin)).map((row) => row.transaction_version),
      );
      const movers = new Set<string>([...MINT_TYPES, ...TRANSFER_TYPES, ...BURN_TYPES]);
      const owners = await allPages(tokenActivitiesQuery(id, version, [...movers], 2));
      expect(owners.flatMap((page) => page.rows.map((row) => row.type))).toEqual(
        latest.filter((row) => movers.has(row.type)).map((row) => row.type),
      );
    });
  });
});

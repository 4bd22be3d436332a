/**
 * Hostile GraphQL requests are refused with GraphQL errors (never an exception, never a 5xx) before they cost more
 * than their bounds (electron/indexer/graphql/query-limits.ts): deep nesting, thousands of aliases, fragment bombs,
 * deep or huge variables, huge `_in` lists, wildcard-heavy `_like` patterns, bodies over 8 MiB.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createIndexerGraphql } from '../../electron/indexer/graphql/indexer-graphql.ts';
import { DEFAULT_QUERY_LIMITS } from '../../electron/indexer/graphql/query-limits.ts';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer } from '../../electron/service/http-server.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { ALICE, writeIndexerFixture } from './indexer-rows-fixture.ts';

const dir = useTempDir();
const path = writeIndexerFixture(dir);
const db = new Database(path, { readonly: true });
afterAll(() => db.close());
const engine = createIndexerGraphql({ db, tables: INDEXER_TABLES });

interface Answer {
  readonly status: number;
  readonly errors?: { message: string; extensions: { code: string } }[];
  readonly data?: Record<string, unknown>;
}

function ask(query: string, variables: Record<string, unknown> = {}): Answer {
  const answer = engine.answer({ query, variables }, 40n);
  return { status: answer.status, ...(JSON.parse(answer.body) as object) };
}

function expectRefused(answer: Answer, code: string, text: RegExp): void {
  expect(answer.status).toBe(200);
  expect(answer.data).toBeUndefined();
  expect(answer.errors?.[0]?.extensions.code).toBe(code);
  expect(answer.errors?.[0]?.message).toMatch(text);
}

describe('hostile GraphQL requests', () => {
  it('refuses nesting deeper than the bound, however it is written', () => {
    const deep = `{ ${'a { '.repeat(5000)}b${' }'.repeat(5000)} }`;
    const answer = ask(deep);
    expect(answer.status).toBe(200);
    expect(answer.errors?.length).toBeGreaterThan(0);
    const nine = `{ ${'a { '.repeat(DEFAULT_QUERY_LIMITS.maxDepth)}b${' }'.repeat(DEFAULT_QUERY_LIMITS.maxDepth)} }`;
    expectRefused(ask(nine), 'limit-exceeded', /deeper than 8/);
  });

  it('refuses thousands of aliases, at the root or in a row', () => {
    const root = Array.from({ length: 2000 }, (_, i) => `a${i}: user_transactions(limit: 100) { version }`).join(' ');
    expectRefused(ask(`{ ${root} }`), 'limit-exceeded', /more than|tokens/);
    const roots = Array.from({ length: 65 }, (_, i) => `a${i}: __typename`).join(' ');
    expectRefused(ask(`{ ${roots} }`), 'limit-exceeded', /more than 64 root fields/);
    const row = Array.from({ length: 1500 }, (_, i) => `v${i}: version`).join(' ');
    expectRefused(ask(`{ user_transactions { ${row} } }`), 'limit-exceeded', /more than 1000 fields/);
  });

  it('refuses fragments that multiply, and fragments that spread themselves', () => {
    const levels = 40;
    const fragments = Array.from(
      { length: levels },
      (_, i) =>
        `fragment F${i} on user_transactions { ${i + 1 < levels ? `...F${i + 1} a${i}: ...F${i + 1}` : 'version'} }`,
    );
    // Written as two spreads per level (the second through an inline fragment): 2^40 fields once expanded.
    const bomb = fragments.map((f) => f.replace(/a\d+: \.\.\.(F\d+)/, '... on user_transactions { ...$1 }'));
    expectRefused(ask(`{ user_transactions { ...F0 } } ${bomb.join(' ')}`), 'limit-exceeded', /more than 1000 fields/);
    expectRefused(
      ask(
        '{ user_transactions { ...A } } fragment A on user_transactions { ...B } ' +
          'fragment B on user_transactions { ...A }',
      ),
      'validation-failed',
      /spreads itself/,
    );
  });

  it('refuses huge _in lists and deep variables, and answers a large allowed list', () => {
    const query = 'query Q($v: [bigint!]) { user_transactions(where: {version: {_in: $v}}) { version } }';
    const huge = Array.from({ length: DEFAULT_QUERY_LIMITS.maxListItems + 1 }, (_, i) => i);
    expectRefused(ask(query, { v: huge }), 'limit-exceeded', /more than 10000 items/);
    const allowed = ask(query, { v: Array.from({ length: DEFAULT_QUERY_LIMITS.maxListItems }, (_, i) => i) });
    expect((allowed.data?.['user_transactions'] as unknown[]).length).toBe(40);
    let where: Record<string, unknown> = { version: { _eq: 1 } };
    for (let i = 0; i < 10_000; i += 1) where = { _not: where };
    expectRefused(
      ask('query Q($w: user_transactions_bool_exp) { user_transactions(where: $w) { version } }', { w: where }),
      'limit-exceeded',
      /nest deeper/,
    );
    const nested = `${'{_not: '.repeat(40)}{version: {_eq: 1}}${'}'.repeat(40)}`;
    const literal = `{ user_transactions(where: ${nested}) { version } }`;
    expectRefused(ask(literal), 'limit-exceeded', /where nests deeper than 32/);
  });

  it('refuses wildcard-heavy or long _like patterns, and answers an ordinary one', () => {
    const query = 'query Q($p: String) { user_transactions(where: {entry_function_id_str: {_like: $p}}) { version } }';
    expectRefused(ask(query, { p: '%a'.repeat(9) + '%' }), 'limit-exceeded', /wildcards/);
    expectRefused(ask(query, { p: 'a'.repeat(2000) }), 'limit-exceeded', /1024 characters/);
    const ordinary = ask(query, { p: '%::coin::%' });
    expect((ordinary.data?.['user_transactions'] as unknown[]).length).toBe(13);
  });

  it('refuses an answer of too many nested rows', () => {
    const limits = { ...DEFAULT_QUERY_LIMITS, maxAnswerRows: 30 };
    const small = createIndexerGraphql({ db, tables: INDEXER_TABLES, limits });
    const answer = JSON.parse(
      small.answer(
        {
          query: `{ account_transactions(where: {account_address: {_eq: "${ALICE}"}}) {
            user_transaction { version } } }`,
        },
        40n,
      ).body,
    ) as Answer;
    expect(answer.errors?.[0]?.message).toMatch(/more than 30 rows/);
  });

  it('refuses a body over 8 MiB over HTTP, and answers the next request', async () => {
    const store = SnapshotStore.open(fixturePath('main'));
    const server = await startHttpServer({ handler: createReadService({ store }), port: 0 });
    try {
      const big = JSON.stringify({ query: `{ __typename }`, padding: 'x'.repeat(9 * 1024 * 1024) });
      const response = await fetch(`${server.url}/v1/graphql`, {
        method: 'POST',
        body: big,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(413);
      const next = await fetch(`${server.url}/v1/graphql`, { method: 'POST', body: '{}' });
      expect(next.status).toBeLessThan(500);
    } finally {
      await server.close();
      store.close();
    }
  });
});

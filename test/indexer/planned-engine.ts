/**
 * A GraphQL engine (electron/indexer/graphql/indexer-graphql.ts) over `db` that records the query plan of every
 * statement it runs naming `table` — not the engine's own EXPLAIN questions to the planner — so a test can check that
 * an indexed lookup stays indexed. One entry per statement: its plan's lines joined.
 */
import type Database from 'better-sqlite3';
import { createIndexerGraphql } from '../../electron/indexer/graphql/indexer-graphql.ts';
import { servedTables } from '../../electron/indexer/graphql/served-tables.ts';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';

/** Null for every named parameter of `sql` (a plan needs them bound, not their values). */
function paramsOf(sql: string): Record<string, null> {
  return Object.fromEntries([...sql.matchAll(/@(p\d+)/g)].map((m) => [m[1] as string, null]));
}

/** The engine, and the plans of its statements naming `table` as it runs them. */
export function plannedEngine(
  db: Database.Database,
  table: string,
): { readonly engine: ReturnType<typeof createIndexerGraphql>; readonly plans: string[] } {
  const plans: string[] = [];
  const recording = new Proxy(db, {
    get(target, key) {
      if (key !== 'prepare') return Reflect.get(target, key, target) as unknown;
      return (sql: string) => {
        if (sql.includes(table) && !sql.startsWith('EXPLAIN')) {
          const plan = target.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(paramsOf(sql)) as { detail: string }[];
          plans.push(plan.map((p) => p.detail).join('\n'));
        }
        return target.prepare(sql);
      };
    },
  });
  return { engine: createIndexerGraphql({ db: recording, tables: servedTables(INDEXER_TABLES) }), plans };
}

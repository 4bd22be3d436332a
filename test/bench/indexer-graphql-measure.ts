/**
 * The two queries of the indexer GraphQL benchmarks (test/bench/indexer-graphql-bench.ts on synthetic rows,
 * test/bench/indexer-large-bench.ts on a generated ~10M-row chain) and their measurement: the engine answering a
 * request body against the bare SQL returning the same rows, per-call CPU in the same process and run. An account's
 * history page (25 rows of account_transactions with their user_transaction, newest first) and an owner's balances
 * as of a version (with metadata). Both sides' rows are compared on 200 calls before the timed ones.
 */
import type Database from 'better-sqlite3';
import type { IndexerGraphql } from '../../electron/indexer/graphql/indexer-graphql.ts';
import { fixed } from './bench-stats.ts';

const HISTORY = `query AccountHistory($address: String, $limit: Int, $offset: Int) {
  account_transactions(where: {account_address: {_eq: $address}}, order_by: {transaction_version: desc},
    limit: $limit, offset: $offset) {
    transaction_version
    user_transaction { version sender sequence_number entry_function_id_str gas_unit_price max_gas_amount timestamp }
  }
}`;
const HISTORY_SQL = `SELECT a.transaction_version, u.version, u.sender, u.sequence_number, u.entry_function_id_str,
  u.gas_unit_price, u.max_gas_amount, u.timestamp
  FROM ix_account_transactions a LEFT JOIN ix_user_transactions u ON u.version = a.transaction_version
  WHERE a.account_address__c = (SELECT s.id FROM ix_strings s WHERE s.value = unhex(substr(+?, 3)))
  ORDER BY a.transaction_version DESC LIMIT 25`;

/**
 * The same page for a file whose `user_transactions` is a view joining the transactions with their details (a real
 * snapshot): SQLite cannot flatten such a view on the right of a LEFT JOIN and would build all of it per call, so the
 * hand-written form reads the page's versions, then their user transactions by version (two statements).
 */
const HISTORY_PAGE_SQL = `SELECT a.transaction_version FROM ix_account_transactions a
  WHERE a.account_address__c = (SELECT s.id FROM ix_strings s WHERE s.value = unhex(substr(+?, 3)))
  ORDER BY a.transaction_version DESC LIMIT 25`;
const HISTORY_USERS_SQL = `SELECT u.version, u.sender, u.sequence_number, u.entry_function_id_str, u.gas_unit_price,
  u.max_gas_amount, u.timestamp FROM json_each(?) AS k CROSS JOIN ix_user_transactions u WHERE u.version = k.value`;

const BALANCES = `query Balances($owner: String) {
  current_fungible_asset_balances(where: {owner_address: {_eq: $owner}}, order_by: {amount: desc}) {
    asset_type amount is_frozen is_primary last_transaction_version last_transaction_timestamp storage_id token_standard
    metadata { name symbol decimals }
  }
}`;
const BALANCES_SQL = `SELECT b.asset_type, b.amount, b.is_frozen, b.is_primary, b.last_transaction_version,
  b.last_transaction_timestamp,
  b.storage_id, b.token_standard, m.name, m.symbol, m.decimals FROM ix_current_fungible_asset_balances b
  LEFT JOIN ix_fungible_asset_metadata m ON m.asset_type__c = b.asset_type__c AND m.last_transaction_version <= +@v
    AND (m._valid_to IS NULL OR m._valid_to > +@v)
  WHERE b.owner_address__c = (SELECT s.id FROM ix_strings s WHERE s.value = unhex(substr(+@owner, 3)))
    AND b.last_transaction_version <= +@v AND (b._valid_to IS NULL OR b._valid_to > +@v)
  ORDER BY length(b.amount) DESC, b.amount DESC LIMIT 100`;

/** Per-call figures of one side. */
export interface Figures {
  readonly cpuUs: number;
  readonly p50us: number;
  readonly rows: number;
}

/** One query's figures, both sides. */
export interface QueryResult {
  readonly name: string;
  readonly engine: Figures;
  readonly sql: Figures;
}

/** What the measurement varies per call `i`. */
export interface MeasureInput {
  readonly db: Database.Database;
  readonly engine: IndexerGraphql;
  /** Calls per side after the warm-up. */
  readonly rounds: number;
  /** The account (long address) of call `i`; `accounts` distinct ones are cycled through. */
  readonly account: (i: number) => string;
  readonly accounts: number;
  /** The version the balances are asked as of in call `i`. */
  readonly version: (i: number) => bigint;
  /** The newest version (the history page is asked as of it). */
  readonly latest: bigint;
  /** The baseline of the history page: one statement with a LEFT JOIN, or the page then its user transactions. */
  readonly historyBaseline: 'join' | 'lookup';
}

/** CPU (user + system) per call and the median wall time, over `rounds` calls after a warm-up. */
function cpuPerCall(rounds: number, run: (i: number) => number): Figures {
  for (let i = 0; i < 300; i += 1) run(i);
  const times: number[] = [];
  let rows = 0;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < rounds; i += 1) {
    const t0 = performance.now();
    rows += run(i);
    times.push((performance.now() - t0) * 1000);
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  return {
    cpuUs: (cpu.user + cpu.system) / rounds,
    p50us: times[Math.floor(times.length / 2)] ?? NaN,
    rows: rows / rounds,
  };
}

function sameRows(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** The history page's baseline: rows as objects with `transaction_version` and the user transaction's columns. */
function historyStatement(db: Database.Database, kind: 'join' | 'lookup'): { all: (address: string) => unknown[] } {
  if (kind === 'join') return db.prepare(HISTORY_SQL);
  const page = db.prepare(HISTORY_PAGE_SQL).pluck();
  const users = db.prepare(HISTORY_USERS_SQL);
  return {
    all: (address) => {
      const versions = page.all(address) as number[];
      const found = new Map((users.all(JSON.stringify(versions)) as { version: number }[]).map((u) => [u.version, u]));
      return versions.map((v) => ({ transaction_version: v, ...found.get(v) }));
    },
  };
}

/** Measures both queries (rows compared first: throws when the engine and the SQL disagree). */
export function measureQueries(input: MeasureInput): QueryResult[] {
  const { db, engine, account, version, latest } = input;
  // The request bodies as a client sends them (written before the timed calls: a server only parses them).
  const historyBodies = Array.from({ length: input.accounts }, (_, i) =>
    JSON.stringify({ query: HISTORY, variables: { address: account(i), limit: 25 } }),
  );
  const balanceBodies = Array.from({ length: input.accounts }, (_, i) =>
    JSON.stringify({ query: BALANCES, variables: { owner: account(i) } }),
  );
  const history = historyStatement(db, input.historyBaseline);
  const balances = db.prepare(BALANCES_SQL);
  const answered = (body: string | undefined, at: bigint): number =>
    engine.answer(JSON.parse(body as string), at).body.length > 0 ? 1 : 0;
  const checks = {
    history: (i: number): boolean => {
      const answer = engine.answer({ query: HISTORY, variables: { address: account(i), limit: 25 } }, latest);
      const rows = (JSON.parse(answer.body) as { data: { account_transactions: { transaction_version: number }[] } })
        .data.account_transactions;
      return sameRows(
        rows.map((r) => r.transaction_version),
        history.all(account(i)).map((r) => (r as { transaction_version: number }).transaction_version),
      );
    },
    balances: (i: number): boolean => {
      const answer = engine.answer({ query: BALANCES, variables: { owner: account(i) } }, version(i));
      const rows = (JSON.parse(answer.body) as { data: { current_fungible_asset_balances: { storage_id: string }[] } })
        .data.current_fungible_asset_balances;
      return sameRows(
        rows.map((r) => r.storage_id),
        balances.all({ owner: account(i), v: version(i) }).map((r) => (r as { storage_id: string }).storage_id),
      );
    },
  };
  // Both sides read the same rows (checked outside the timed calls).
  for (const [name, check] of Object.entries(checks))
    for (let i = 0; i < 200; i += 1)
      if (!check(i)) throw new Error(`${name}: the engine and the SQL disagree at call ${i}`);
  const n = input.accounts;
  return [
    {
      name: "account's history page (25 rows with user_transaction)",
      sql: cpuPerCall(input.rounds, (i) => history.all(account(i)).length),
      engine: cpuPerCall(input.rounds, (i) => answered(historyBodies[i % n], latest)),
    },
    {
      name: "owner's balances as of a version (with metadata)",
      sql: cpuPerCall(input.rounds, (i) => balances.all({ owner: account(i), v: version(i) }).length),
      engine: cpuPerCall(input.rounds, (i) => answered(balanceBodies[i % n], version(i))),
    },
  ];
}

/** The results as the rows of a Markdown table (`queryTableHeader` is its head). */
export function queryTableLines(results: readonly QueryResult[]): string {
  return results
    .map(
      (r) =>
        `| ${r.name} | ${fixed(r.sql.rows)} | ${fixed(r.engine.cpuUs)} | ${fixed(r.sql.cpuUs)} | ` +
        `${fixed(r.engine.cpuUs / r.sql.cpuUs, 2)} | ${fixed(r.engine.p50us)} | ${fixed(r.sql.p50us)} |`,
    )
    .join('\n');
}

/** The head of the Markdown table of {@link queryTableLines}. */
export const queryTableHeader =
  '| query | rows per call | engine CPU µs | SQL CPU µs | ratio (CPU) | engine p50 µs | SQL p50 µs |\n' +
  '|---|---:|---:|---:|---:|---:|---:|';

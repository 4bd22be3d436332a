/**
 * `node test/bench/indexer-graphql-bench.ts`: the indexer GraphQL engine's per-response CPU against the bare SQL
 * returning the same rows, measured in the same process and run (docs/benchmarks.md, "Indexer GraphQL"): an
 * account's history page (25 rows of account_transactions with their user_transaction, newest first) and an
 * owner's balances as of a version (with metadata). The engine's side includes everything a request costs past
 * HTTP: body to JSON text, variables, planning, SQL, rendering; the baseline is one prepared statement per read,
 * rows as objects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createIndexerGraphql } from '../../electron/indexer/graphql/indexer-graphql.ts';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';
import { fixed } from './bench-stats.ts';
import { writeBenchmarkSection } from './benchmark-doc.ts';
import { accountAddress, writeIndexerBenchData, type BenchScale } from './indexer-graphql-bench-data.ts';

const SCALE: BenchScale = { versions: 400_000, accounts: 2_000, assets: 4, statesPerStore: 40 };
const ROUNDS = 4_000;

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
  ORDER BY length(b.amount) DESC, b.amount DESC`;

interface Figures {
  readonly cpuUs: number;
  readonly p50us: number;
  readonly rows: number;
}

/** CPU (user + system) per call and the median wall time, over `ROUNDS` calls after a warm-up. */
function cpuPerCall(run: (i: number) => number): Figures {
  for (let i = 0; i < 300; i += 1) run(i);
  const times: number[] = [];
  let rows = 0;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i += 1) {
    const t0 = performance.now();
    rows += run(i);
    times.push((performance.now() - t0) * 1000);
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  return {
    cpuUs: (cpu.user + cpu.system) / ROUNDS,
    p50us: times[Math.floor(times.length / 2)] ?? NaN,
    rows: rows / ROUNDS,
  };
}

function sameRows(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'indexer-bench-'));
  try {
    const path = join(dir, 'indexer.db');
    const started = performance.now();
    writeIndexerBenchData(path, SCALE);
    const generated = (performance.now() - started) / 1000;
    const db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
    const engine = createIndexerGraphql({ db, tables: INDEXER_TABLES });
    const latest = BigInt(SCALE.versions);
    const account = (i: number): string => accountAddress((i * 7919) % SCALE.accounts);
    const version = (i: number): bigint => BigInt(1 + ((i * 104_729) % SCALE.versions));
    // The request bodies as a client sends them (written before the timed calls: a server only parses them).
    const historyBodies = Array.from({ length: SCALE.accounts }, (_, i) =>
      JSON.stringify({ query: HISTORY, variables: { address: account(i), limit: 25 } }),
    );
    const balanceBodies = Array.from({ length: SCALE.accounts }, (_, i) =>
      JSON.stringify({ query: BALANCES, variables: { owner: account(i) } }),
    );
    const history = db.prepare(HISTORY_SQL);
    const balances = db.prepare(BALANCES_SQL);
    const loadBefore = loadavg()[0] ?? 0;
    const results = [
      {
        name: "account's history page (25 rows with user_transaction)",
        sql: cpuPerCall((i) => history.all(account(i)).length),
        engine: cpuPerCall((i) => {
          return engine.answer(JSON.parse(historyBodies[i % historyBodies.length] as string), latest).body.length > 0
            ? 1
            : 0;
        }),
        check: (i: number) => {
          const answer = engine.answer({ query: HISTORY, variables: { address: account(i), limit: 25 } }, latest);
          const rows = (
            JSON.parse(answer.body) as { data: { account_transactions: { transaction_version: number }[] } }
          ).data.account_transactions;
          return sameRows(
            rows.map((r) => r.transaction_version),
            history.all(account(i)).map((r) => (r as { transaction_version: number }).transaction_version),
          );
        },
      },
      {
        name: "owner's balances as of a version (with metadata)",
        sql: cpuPerCall((i) => balances.all({ owner: account(i), v: version(i) }).length),
        engine: cpuPerCall((i) => {
          return engine.answer(JSON.parse(balanceBodies[i % balanceBodies.length] as string), version(i)).body.length >
            0
            ? 1
            : 0;
        }),
        check: (i: number) => {
          const answer = engine.answer({ query: BALANCES, variables: { owner: account(i) } }, version(i));
          const rows = (
            JSON.parse(answer.body) as { data: { current_fungible_asset_balances: { storage_id: string }[] } }
          ).data.current_fungible_asset_balances;
          return sameRows(
            rows.map((r) => r.storage_id),
            balances.all({ owner: account(i), v: version(i) }).map((r) => (r as { storage_id: string }).storage_id),
          );
        },
      },
    ];
    // Both sides read the same rows (checked outside the timed calls).
    for (const r of results)
      for (let i = 0; i < 200; i += 1)
        if (!r.check(i)) throw new Error(`${r.name}: the engine and the SQL disagree at call ${i}`);
    db.close();
    const loadAfter = loadavg()[0] ?? 0;
    const cpus = availableParallelism();
    const lines = results.map(
      (r) =>
        `| ${r.name} | ${fixed(r.sql.rows)} | ${fixed(r.engine.cpuUs)} | ${fixed(r.sql.cpuUs)} | ` +
        `${fixed(r.engine.cpuUs / r.sql.cpuUs, 2)} | ${fixed(r.engine.p50us)} | ${fixed(r.sql.p50us)} |`,
    );
    const markdown = `## Indexer GraphQL (\`node test/bench/indexer-graphql-bench.ts\`)

The GraphQL engine (electron/indexer/graphql/) against the bare SQL returning the same rows, in the same
process and run, ${ROUNDS} calls each after a warm-up, on a synthetic file of the indexer tables
(test/bench/indexer-graphql-bench-data.ts: ${SCALE.versions.toLocaleString('en')} versions,
${SCALE.accounts.toLocaleString('en')} accounts, up to ${SCALE.assets} assets per owner with up to
${SCALE.statesPerStore} balance states per store; generated in ${fixed(generated)} s). The engine's side is a whole
response past HTTP: the body's JSON parsed, the variables' shape, the plan and root SQL
(from the template after the first call), the rows read and rendered
as JSON text; the bare SQL is one cached prepared statement with a JOIN, rows as objects. Accounts and versions
vary per call; both sides' rows are compared on 200 calls first. Goal: ratio ≤ 2. The engine keeps the parsed
document, and the plan with its root SQL per (query, variables' shape) (electron/indexer/graphql/request-template.ts):
a repeated query pays for the SQL, the rows' rendering and the request's JSON. Machine load (1-minute average) at
the start and end of the measurement: ${fixed(loadBefore, 1)} and ${fixed(loadAfter, 1)} on ${cpus} cores (other
work shares the cores; both sides are measured alike, one after the other in one process).

| query | rows per call | engine CPU µs | SQL CPU µs | ratio (CPU) | engine p50 µs | SQL p50 µs |
|---|---:|---:|---:|---:|---:|---:|
${lines.join('\n')}`;
    writeBenchmarkSection('indexer-graphql', markdown);
    process.stdout.write(`${markdown}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();

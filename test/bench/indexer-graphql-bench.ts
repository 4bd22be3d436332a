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
import { measureQueries, queryTableHeader, queryTableLines } from './indexer-graphql-measure.ts';

const SCALE: BenchScale = { versions: 400_000, accounts: 2_000, assets: 4, statesPerStore: 40 };
const ROUNDS = 4_000;

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
    const loadBefore = loadavg()[0] ?? 0;
    const results = measureQueries({
      db,
      engine,
      rounds: ROUNDS,
      account,
      accounts: SCALE.accounts,
      version,
      latest,
      historyBaseline: 'join',
    });
    db.close();
    const loadAfter = loadavg()[0] ?? 0;
    const cpus = availableParallelism();
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

${queryTableHeader}
${queryTableLines(results)}`;
    writeBenchmarkSection('indexer-graphql', markdown);
    process.stdout.write(`${markdown}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();

/**
 * The indexer on a large file (`node test/bench/indexer-large-bench.ts [versions] [--file PATH] [--with-v2]`,
 * default 400,000 versions: base and indexer tables together hold about 10 million rows). The chain is generated
 * once as format v4 and cached (test/bench/indexer-large-chain.ts: test/.tmp/large-chain-<versions>.db, or PATH);
 * `--with-v2` also generates the same chain as format v2 once, for the generation ratios. Measured on it:
 *
 * 1. The GraphQL history page and balances as of V against the bare SQL of the same rows (indexer-graphql-measure.ts).
 * 2. `GET /explorer/v1/accounts/{a}/assets` (uncached): the scan of every object beside the `current_objects` lookup.
 * 3. The generation figures recorded when the file was made (CPU, wall, the indexer pass, bytes).
 *
 * Writes the "indexer-large" section of docs/benchmarks.md.
 */
import { availableParallelism, loadavg } from 'node:os';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';
import { createIndexerGraphql } from '../../electron/indexer/graphql/indexer-graphql.ts';
import { servedTables } from '../../electron/indexer/graphql/served-tables.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import type { LedgerStore } from '../../electron/snapshot/ledger-store.ts';
import { writeBenchmarkSection } from './benchmark-doc.ts';
import { defaultChainPath, largeChain, tableRows, type GenerationCost } from './indexer-large-chain.ts';
import { measureQueries, queryTableHeader, queryTableLines } from './indexer-graphql-measure.ts';

const args = process.argv.slice(2);
const fileAt = args.indexOf('--file');
const positional = args.filter((a, i) => !a.startsWith('--') && (fileAt < 0 || i !== fileAt + 1));
const versions = Number(positional[0] ?? 400_000);
const path = fileAt >= 0 ? (args[fileAt + 1] as string) : defaultChainPath(versions);
const ROUNDS = 2_000;

const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const seconds = (ms: number): string => `${fmt(ms / 1000, 1)} s`;

/** CPU ms per request of `url` on `service`, asked `repeat` times after one unmeasured request; and that reply. */
async function assetsCpu(
  service: (request: Request) => Promise<Response>,
  urls: readonly string[],
  repeat: number,
): Promise<{ ms: number; replies: string[] }> {
  const replies: string[] = [];
  let total = 0;
  for (const url of urls) {
    replies.push(await (await service(new Request(url))).text());
    const started = process.cpuUsage();
    for (let i = 0; i < repeat; i += 1) await (await service(new Request(url))).arrayBuffer();
    const used = process.cpuUsage(started);
    total += (used.user + used.system) / 1000;
  }
  return { ms: total / (urls.length * repeat), replies };
}

function generationLines(generated: readonly GenerationCost[]): string {
  const v4 = generated.find((g) => g.format === 4);
  const v2 = generated.find((g) => g.format === 2);
  if (v4 === undefined) return '';
  const row = (g: GenerationCost): string =>
    `| format v${g.format} | ${seconds(g.cpuMs)} | ${seconds(g.wallMs)} | ` +
    `${g.format === 4 ? `${seconds(g.indexerCpuMs)} / ${seconds(g.indexerWallMs)}` : '—'} | ` +
    `${fmt(g.bytes / versions)} | ${fmt(g.loads[0], 1)} → ${fmt(g.loads[1], 1)} | ${g.date.slice(0, 16)} |`;
  const ratios =
    v2 === undefined
      ? 'The same chain as format v2 was not generated (`--with-v2`): no generation ratios.'
      : `Generation CPU v4 / v2: ${fmt(v4.cpuMs / v2.cpuMs, 2)}× (goal ≤ 1.30×); bytes per version: ` +
        `${fmt(v4.bytes / v2.bytes, 2)}× (goal ≤ 1.30×). The two runs were not back to back on an idle machine ` +
        '(their load averages are in the table): the CPU ratio moves with the load.';
  return `| generation | CPU | wall | indexer pass CPU / wall | bytes per version | load | finished (UTC) |
|---|---:|---:|---:|---:|---:|---|
${[v4, ...(v2 ? [v2] : [])].map(row).join('\n')}

${ratios}`;
}

async function main(): Promise<void> {
  const chain = largeChain(path, versions, args.includes('--with-v2'));
  const store = SnapshotStore.open(path);
  const db = store.database;
  const rows = tableRows(db);
  const totalRows = rows.reduce((a, r) => a + r.rows, 0);
  const indexerRows = rows.filter((r) => r.name.startsWith('ix_')).reduce((a, r) => a + r.rows, 0);
  const latest = BigInt(store.meta.latestVersion);
  const oldest = BigInt(store.meta.oldestVersion);
  // Owners with balances (accounts that hold assets and have histories), a few hundred of them.
  const owners = db
    .prepare(
      'SELECT owner_address FROM ix_current_fungible_asset_balances WHERE _valid_to IS NULL ' +
        'GROUP BY owner_address__c ORDER BY owner_address__c LIMIT 500',
    )
    .pluck()
    .all() as string[];
  const loads = [loadavg()[0] ?? 0];
  const engine = createIndexerGraphql({ db, tables: servedTables(INDEXER_TABLES) });
  const span = latest - oldest;
  const results = measureQueries({
    db,
    engine,
    rounds: ROUNDS,
    account: (i) => owners[(i * 7919) % owners.length] as string,
    accounts: owners.length,
    version: (i) => oldest + (BigInt(i * 104_729) % (span + 1n)),
    latest,
    historyBaseline: 'lookup',
  });
  loads.push(loadavg()[0] ?? 0);

  // The assets endpoint: owners with the most objects, uncached; the scan is the store without `ownedObjects`.
  const scanning: LedgerStore = new Proxy(store, {
    get(target, key) {
      if (key === 'ownedObjects') return () => undefined;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const busiest = db
    .prepare(
      `SELECT owner_address FROM ix_current_objects WHERE _valid_to IS NULL AND is_deleted = 0
       GROUP BY owner_address ORDER BY count(*) DESC LIMIT 5`,
    )
    .pluck()
    .all() as string[];
  const urls = busiest.map((o) => `http://127.0.0.1/explorer/v1/accounts/${o}/assets`);
  const scan = await assetsCpu(createReadService({ store: scanning, responseCache: false }), urls, 2);
  const index = await assetsCpu(createReadService({ store, responseCache: false }), urls, 50);
  if (JSON.stringify(scan.replies) !== JSON.stringify(index.replies))
    throw new Error('the assets replies of the scan and of the index differ');
  loads.push(loadavg()[0] ?? 0);
  store.close();

  const markdown = `## Indexer on a ~10M-row file (\`node test/bench/indexer-large-bench.ts ${versions}\`)

A chain of ${fmt(versions)} versions generated as format v4 (\`snapshot generate\`'s generator, default accounts
and coin collector; cached as test/.tmp/large-chain-${versions}.db by test/bench/indexer-large-chain.ts, reused by
later runs), holding ${fmt(totalRows)} rows: ${fmt(totalRows - indexerRows)} in the base tables and
${fmt(indexerRows)} in the indexer's (\`ix_*\`; the largest: ${rows
    .slice(0, 5)
    .map((r) => `${r.name} ${fmt(r.rows)}`)
    .join(', ')}). Load average (1 minute, ${availableParallelism()} cores shared with other sessions):
${loads.map((l) => fmt(l, 1)).join(' → ')} (start, after the GraphQL figures, after the assets figures).

### GraphQL against the bare SQL of the same rows (${ROUNDS} calls each)

The engine opened as \`serve\` opens it, on ${fmt(owners.length)} owners with balances (each history page as of
the newest version, balances as of versions spread over the retained range); otherwise as in "Indexer GraphQL".
Goal: ratio ≤ 2.

${queryTableHeader}
${queryTableLines(results)}

### Explorer assets (\`GET /explorer/v1/accounts/{a}/assets\`, uncached, the ${busiest.length} owners with most objects)

| | CPU per request | ratio |
|---|---:|---:|
| scan of every object (as a format v2 file answers) | ${fmt(scan.ms, 1)} ms | 1.00× |
| \`current_objects\` lookup (format v4) | ${fmt(index.ms, 3)} ms | ${fmt(index.ms / scan.ms, 5)}× |

Goal: ≤ 2 ms per request with the index; the replies are byte-identical (checked by this run).

### Generating it (recorded when the file was made)

${generationLines(chain.generated)}
`;
  writeBenchmarkSection('indexer-large', markdown);
  process.stdout.write(`${markdown}\n`);
}

await main();

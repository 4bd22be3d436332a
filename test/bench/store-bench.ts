/**
 * Snapshot store benchmark (`npm run bench`): p50/p99 of value-at-version, a resources page, an
 * events page and a summaries page on snapshots of ~1M and ~10M state rows, each next to the
 * single bare SQL query that returns the same rows, measured in the same run (ratio = store / SQL).
 * Also the generator's rate. Big snapshots are generated once into test/.tmp/bench/ and reused.
 *
 * Usage: node test/bench/store-bench.ts [--quick]   (--quick: ~100k rows only, for a smoke run)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { accountKeyPrefix, prefixUpperBound } from '../../electron/snapshot/state-keys.ts';
import { plan } from '../../electron/snapshot/snapshot-queries.ts';
import { Random } from '../../electron/snapshot/generator/random.ts';
import { fixed, measure, type LatencyStats } from './bench-stats.ts';
import { writeBenchmarkSection } from './benchmark-doc.ts';

const quick = process.argv.includes('--quick');
const dir = join(import.meta.dirname, '..', '.tmp', 'bench');
mkdirSync(dir, { recursive: true });

const SIZES = quick
  ? [{ name: '~100k rows', file: 'store-100k.db', seed: 20, versions: 30_000, accounts: 500 }]
  : [
      { name: '~1M rows', file: 'store-1m.db', seed: 21, versions: 300_000, accounts: 5_000 },
      { name: '~10M rows', file: 'store-10m.db', seed: 22, versions: 3_000_000, accounts: 50_000 },
    ];

const SAMPLES = 3_000;

interface Row {
  readonly query: string;
  readonly store: LatencyStats;
  readonly sql: LatencyStats;
}

function benchSnapshot(path: string): { rows: Row[]; stateRows: number } {
  const store = SnapshotStore.open(path);
  const db = store.database;
  const random = new Random(1234);
  const latest = Number(store.meta.latestVersion);
  const oldest = Number(store.meta.oldestVersion);
  const stateRows = (db.prepare('SELECT count(*) AS n FROM state_values').get() as { n: number }).n;
  // A uniform sample of written keys (hot keys with many versions are sampled more, as reads would be).
  const keys = (
    db.prepare('SELECT state_key FROM state_values ORDER BY random() LIMIT 20000').all() as { state_key: Uint8Array }[]
  ).map((r) => r.state_key);
  const accounts = (db.prepare('SELECT address FROM accounts').all() as { address: Uint8Array }[]).map(
    (r) => r.address,
  );
  const streams = db
    .prepare('SELECT address, creation_number FROM events GROUP BY address, creation_number LIMIT 20000')
    .all() as {
    address: Uint8Array;
    creation_number: number;
  }[];
  const senders = (
    db.prepare('SELECT DISTINCT sender FROM account_transactions LIMIT 20000').all() as { sender: Uint8Array }[]
  ).map((r) => r.sender);
  const pick = <T>(items: readonly T[]): T => items[random.int(0, items.length - 1)] as T;
  const version = (): bigint => BigInt(random.int(oldest, latest));

  const bareValue = db.prepare(
    plan('SELECT value FROM state_values WHERE state_key = ? AND version <= ? ORDER BY version DESC LIMIT 1'),
  );
  const bareResources = db.prepare(
    plan(
      `SELECT state_key, value FROM (SELECT state_key, value, max(version) FROM state_values
       WHERE state_key >= ? AND state_key < ? AND version <= ? GROUP BY state_key) WHERE value IS NOT NULL`,
    ),
  );
  const bareEvents = db.prepare(
    plan(
      `SELECT version, sequence_number, type_tag, data FROM events WHERE address = ? AND creation_number = ?
       ORDER BY sequence_number DESC LIMIT 25`,
    ),
  );
  const bareSummaries = db.prepare(
    plan(
      `SELECT t.version, t.hash, t.sequence_number, t.nonce
     FROM account_transactions a JOIN transactions t ON t.version = a.version
     WHERE a.sender = ? AND a.version <= ? ORDER BY a.version DESC LIMIT 100`,
    ),
  );

  const rows: Row[] = [
    {
      query: 'value at version',
      store: measure(SAMPLES, () => store.stateValue(pick(keys), version())),
      sql: measure(SAMPLES, () => bareValue.get(pick(keys), version())),
    },
    {
      query: 'resources page (all of an account)',
      store: measure(SAMPLES, () => store.accountResources(pick(accounts), version(), undefined, 9999)),
      sql: measure(SAMPLES, () => {
        const prefix = accountKeyPrefix(pick(accounts));
        return bareResources.all(prefix, prefixUpperBound(prefix), version());
      }),
    },
    {
      query: 'events page (newest 25)',
      store: measure(SAMPLES, () => {
        const s = pick(streams);
        return store.events(s.address, BigInt(s.creation_number), undefined, 25);
      }),
      sql: measure(SAMPLES, () => {
        const s = pick(streams);
        return bareEvents.all(s.address, s.creation_number);
      }),
    },
    {
      query: 'summaries page (newest 100)',
      store: measure(SAMPLES, () => store.transactionSummaries(pick(senders), { limit: 100 })),
      sql: measure(SAMPLES, () => bareSummaries.all(pick(senders), latest)),
    },
  ];
  store.close();
  return { rows, stateRows };
}

const lines: string[] = [
  '## Snapshot store',
  '',
  `Each query is run ${SAMPLES} times with random inputs (keys, ` +
    'accounts, streams, senders, versions in the retained window)',
  'through the store and through the single bare SQL statement returning the same rows, in the same process and run',
  "(both with parameters written `+?`, so SQLite's STAT4 does not re-plan either on every call).",
  'Ratio = store p50 / SQL p50 (1.0 = no overhead). The resources "bare SQL" is a GROUP BY over every version of',
  "the account's keys; the store instead seeks key by key, which is why it can be faster than its baseline.",
  'The big snapshots are generated once and reused; their generation time is the one recorded then (other work may',
  'have shared the 2 cores at the time), while the generation rate below is measured in this run.',
  '',
];

for (const size of SIZES) {
  const path = join(dir, size.file);
  // Big files are generated once; the time it took is kept beside the file and reported with it.
  const sidecar = `${path}.generation.json`;
  if (!existsSync(path)) {
    const t0 = performance.now();
    generateSnapshot({ out: path, seed: size.seed, versions: size.versions, accounts: size.accounts });
    writeFileSync(
      sidecar,
      JSON.stringify({ seconds: (performance.now() - t0) / 1000, date: new Date().toISOString() }),
    );
  }
  let generation = 'time not recorded';
  if (existsSync(sidecar)) {
    const { seconds, date } = JSON.parse(readFileSync(sidecar, 'utf8')) as { seconds: number; date: string };
    generation =
      `${fixed(seconds)} s, ${Math.round(size.versions / seconds).toLocaleString('en')} ` +
      `versions/s, on ${date.slice(0, 10)}`;
  }
  const { rows, stateRows } = benchSnapshot(path);
  lines.push(
    `### ${size.name}: ${stateRows.toLocaleString('en')} state ` +
      `rows, ${size.versions.toLocaleString('en')} versions (generation: ${generation})`,
    '',
  );
  lines.push(
    '| query | store p50 µs | store p99 µs | SQL p50 µs | SQL p99 µs | ratio p50 |',
    '|---|---:|---:|---:|---:|---:|',
  );
  for (const row of rows) {
    lines.push(
      `| ${row.query} | ${fixed(row.store.p50us)} | ${fixed(row.store.p99us)} | ${fixed(row.sql.p50us)} ` +
        `| ${fixed(row.sql.p99us)} | ${fixed(row.store.p50us / row.sql.p50us, 2)} |`,
    );
  }
  lines.push('');
}

// Generation rate measured in this run, independent of the cached big files.
{
  const versions = quick ? 20_000 : 100_000;
  const path = join(dir, 'generation-rate.db');
  const t0 = performance.now();
  generateSnapshot({ out: path, seed: 3, versions, accounts: 1_000 });
  const seconds = (performance.now() - t0) / 1000;
  const store = SnapshotStore.open(path);
  const stateRows = (store.database.prepare('SELECT count(*) AS n FROM state_values').get() as { n: number }).n;
  store.close();
  lines.push(
    `### Generation rate`,
    '',
    `${versions.toLocaleString('en')} versions (${stateRows.toLocaleString('en')} ` +
      `state rows after compaction) in ${fixed(seconds)} s: ` +
      `${Math.round(versions / seconds).toLocaleString('en')} versions/s.`,
    '',
  );
}

process.stdout.write(`${lines.join('\n')}\n`);
if (!quick) writeBenchmarkSection('store', lines.join('\n'));

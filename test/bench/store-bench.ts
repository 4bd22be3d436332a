/**
 * Snapshot store benchmark (`npm run bench`): p50/p99 of value-at-version, a resources page, an
 * events page, a summaries page and the format v2 transaction reads (by version, by hash, a version's write set and
 * events) on format v2 snapshots of ~1M and ~10M state rows, each next to the single bare SQL query that returns the
 * same rows, measured in the same run (ratio = store / SQL). Also the generator's rate beside a same-run bare insert
 * of the same rows, bytes per version, and the generator's RSS while it writes 1,000,000 versions
 * (store-bench-memory.ts). Big snapshots are generated once into test/.tmp/bench/ and reused.
 *
 * Usage: node test/bench/store-bench.ts [--quick | --no-10m]   (--quick: ~100k rows only, for a smoke run;
 * --no-10m: skip the ~10M snapshot, whose generation takes about half an hour on 2 cores)
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { SCHEMA_SQL, SCHEMA_V2_SQL } from '../../electron/snapshot/schema.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { accountKeyPrefix, prefixUpperBound } from '../../electron/snapshot/state-keys.ts';
import { plan } from '../../electron/snapshot/snapshot-queries.ts';
import { Random } from '../../electron/snapshot/generator/random.ts';
import { fixed, measure, type LatencyStats } from './bench-stats.ts';
import { writeBenchmarkSection } from './benchmark-doc.ts';
import { generationMemorySection } from './store-bench-memory.ts';

const quick = process.argv.includes('--quick');
const skip10m = process.argv.includes('--no-10m');
const dir = join(import.meta.dirname, '..', '.tmp', 'bench');
mkdirSync(dir, { recursive: true });

const SIZES = quick
  ? [{ name: '~100k rows', file: 'store-v2-100k.db', seed: 20, versions: 30_000, accounts: 500 }]
  : [
      { name: '~1M rows', file: 'store-v2-1m.db', seed: 21, versions: 300_000, accounts: 5_000 },
      ...(skip10m
        ? []
        : [{ name: '~10M rows', file: 'store-v2-10m.db', seed: 22, versions: 3_000_000, accounts: 50_000 }]),
    ];

const SAMPLES = 3_000;

interface Row {
  readonly query: string;
  readonly store: LatencyStats;
  readonly sql: LatencyStats;
}

/**
 * Reads the whole file once, so both sides of every comparison find it in the OS cache: otherwise the side measured
 * first pays for the pages other work evicted (the machine is shared) and the ratio measures the disk.
 */
function warmFile(path: string): void {
  const chunk = Buffer.alloc(16 * 2 ** 20);
  const fd = openSync(path, 'r');
  try {
    while (readSync(fd, chunk, 0, chunk.length, null) > 0);
  } finally {
    closeSync(fd);
  }
}

function benchSnapshot(path: string): { rows: Row[]; stateRows: number } {
  warmFile(path);
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
  const hashes = (
    db.prepare('SELECT hash FROM transactions ORDER BY random() LIMIT 20000').all() as { hash: Uint8Array }[]
  ).map((r) => r.hash);
  const transactionSql = `SELECT t.*, d.state_change_hash, d.event_root_hash, d.state_checkpoint_hash,
      d.accumulator_root_hash, d.vm_status, d.expiration_timestamp_secs, d.payload, d.payload_bcs, d.signature,
      d.signature_kind, d.secondary_signers, d.fee_payer, d.kind_fields, d.write_set_size, d.event_count
    FROM transactions t LEFT JOIN transaction_details d ON d.version = t.version`;
  const bareTransaction = db.prepare(plan(`${transactionSql} WHERE t.version = ?`));
  const bareByHash = db.prepare(plan(`${transactionSql} WHERE t.hash = ? ORDER BY t.version LIMIT 1`));
  // With each key's prior existence (Creation or Modification in BCS), as the store reads it.
  const bareWriteSet = db.prepare(
    plan(
      `SELECT s.state_key, s.value, (SELECT p.value IS NOT NULL FROM state_values p WHERE p.state_key = s.state_key
         AND p.version < s.version ORDER BY p.version DESC LIMIT 1) AS existed
       FROM state_values s WHERE s.version = ? ORDER BY s.state_key`,
    ),
  );
  const bareVersionEvents = db.prepare(
    plan(
      `SELECT event_index, address, creation_number, sequence_number, type_tag, data FROM events WHERE version = :v
       UNION ALL SELECT event_index, NULL, NULL, NULL, type_tag, data FROM module_events WHERE version = :v
       ORDER BY event_index`,
    ),
  );

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
    {
      query: 'transaction by version (v2)',
      store: measure(SAMPLES, () => store.transaction(version())),
      sql: measure(SAMPLES, () => bareTransaction.get(version())),
    },
    {
      query: 'transaction by hash (v2)',
      store: measure(SAMPLES, () => store.transactionByHash(pick(hashes))),
      sql: measure(SAMPLES, () => bareByHash.get(pick(hashes))),
    },
    {
      query: 'write set of a version (v2)',
      store: measure(SAMPLES, () => store.writeSet(version())),
      sql: measure(SAMPLES, () => bareWriteSet.all(version())),
    },
    {
      query: 'events of a version (v2)',
      store: measure(SAMPLES, () => store.transactionEvents(version())),
      sql: measure(SAMPLES, () => bareVersionEvents.all({ v: version() })),
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
  'Each file is read once before its queries, so both sides find it in the OS cache.',
  'The big snapshots are generated once and reused; their generation time is the one recorded then (other work may',
  'have shared the 2 cores at the time), while the generation rate below is measured in this run.',
  'The snapshots are format v2; the last four queries are its transaction reads (LedgerStore `transaction`,',
  '`transactionByHash`, `writeSet`, `transactionEvents`).',
  ...(skip10m
    ? ['The ~10M snapshot was not measured in this run (`--no-10m`: its generation takes about half an hour).']
    : []),
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
  const footprint = tableFootprint(path);
  const bytes = statSync(path).size;
  lines.push(
    `### ${size.name}: ${stateRows.toLocaleString('en')} state ` +
      `rows, ${size.versions.toLocaleString('en')} versions (generation: ${generation})`,
    '',
    `File: ${(bytes / 2 ** 20).toFixed(1)} MiB, ${Math.round(bytes / size.versions).toLocaleString('en')} ` +
      `bytes per version` +
      (footprint ? `; by table and index: ${footprint}.` : '.'),
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

/** Bytes per version of each table and index over 2% of the file (SQLite's dbstat), or '' when unavailable. */
function tableFootprint(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const versions = Number(db.prepare("SELECT value FROM meta WHERE key = 'latest_version'").pluck().get()) + 1;
    const total = db.prepare('SELECT sum(pgsize) FROM dbstat').pluck().get() as number;
    return (
      db.prepare('SELECT name, sum(pgsize) AS size FROM dbstat GROUP BY name ORDER BY size DESC').all() as {
        name: string;
        size: number;
      }[]
    )
      .filter((row) => row.size > total * 0.02)
      .map((row) => `${row.name} ${Math.round(row.size / versions)}`)
      .join(', ');
  } catch {
    return '';
  } finally {
    db.close();
  }
}

/**
 * The same-run baseline of generation: inserting the generated file's rows into an empty file of the same schema
 * with bare prepared INSERTs in one transaction (no simulation, encoding, hashing or index building) — what writing
 * the data costs at the least.
 */
function bareInsertSeconds(source: string, target: string, format: 1 | 2): number {
  const from = new Database(source, { readonly: true });
  rmSync(target, { force: true });
  const to = new Database(target);
  to.pragma('journal_mode = MEMORY');
  to.pragma('synchronous = OFF');
  to.exec(SCHEMA_SQL);
  if (format === 2) to.exec(SCHEMA_V2_SQL);
  const tables = (
    from
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_stat1'")
      .pluck()
      .all() as string[]
  ).filter((name) => !name.startsWith('sqlite_'));
  const rows = tables.map((table) => ({
    table,
    rows: from.prepare(`SELECT * FROM ${table}`).raw().all() as unknown[][],
  }));
  from.close();
  const t0 = performance.now();
  to.exec('BEGIN');
  for (const { table, rows: all } of rows) {
    const width = all[0]?.length ?? 0;
    if (width === 0) continue;
    const insert = to.prepare(`INSERT INTO ${table} VALUES (${Array.from({ length: width }, () => '?').join(', ')})`);
    for (const row of all) insert.run(...row);
  }
  to.exec('COMMIT');
  const seconds = (performance.now() - t0) / 1000;
  to.close();
  return seconds;
}

// Generation rate measured in this run, independent of the cached big files, for both formats, each beside the
// bare insert of its own rows; and the bytes each format spends per version.
{
  const versions = quick ? 20_000 : 100_000;
  lines.push(
    `### Generation rate`,
    '',
    '| format | versions | state rows | generation s | versions/s | bare insert s | generation / bare insert | ' +
      'bytes per version |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const format of [2, 1] as const) {
    const path = join(dir, `generation-rate-v${format}.db`);
    const t0 = performance.now();
    generateSnapshot({ out: path, seed: 3, versions, accounts: 1_000, format });
    const seconds = (performance.now() - t0) / 1000;
    const store = SnapshotStore.open(path);
    const stateRows = (store.database.prepare('SELECT count(*) AS n FROM state_values').get() as { n: number }).n;
    store.close();
    const bare = bareInsertSeconds(path, join(dir, `bare-insert-v${format}.db`), format);
    lines.push(
      `| v${format} | ${versions.toLocaleString('en')} | ${stateRows.toLocaleString('en')} | ${fixed(seconds)} | ` +
        `${Math.round(versions / seconds).toLocaleString('en')} | ${fixed(bare)} | ${fixed(seconds / bare, 1)} | ` +
        `${Math.round(statSync(path).size / versions).toLocaleString('en')} |`,
    );
  }
  lines.push(
    '',
    'Bare insert: the same rows inserted into an empty file of the same schema with prepared INSERTs in one ' +
      'transaction',
    '(no simulation, value encoding, hashing, compaction or index building), measured in this run.',
    '',
  );
}

lines.push(...generationMemorySection(dir, quick ? 50_000 : 1_000_000));

process.stdout.write(`${lines.join('\n')}\n`);
if (!quick) writeBenchmarkSection('store', lines.join('\n'));

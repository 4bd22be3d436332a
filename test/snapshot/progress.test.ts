/**
 * Progress of long commands (electron/snapshot/progress.ts): redrawn in place on a terminal, lines when asked for
 * with `--progress` elsewhere, nothing otherwise; and the real `snapshot verify`, `info --digest` and `generate`
 * processes with stderr piped: quiet by default, what they do, how far and the rate with `--progress`.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHttpServer } from '../../electron/service/http-server.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { runCliAsync } from '../remote/serve-process.ts';
import { progressReporter } from '../../electron/snapshot/progress.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { runCliProcess } from '../support/run-cli.ts';
import { useTempDir } from '../support/temp-dir.ts';

/** A stream that keeps what is written, and a clock the test moves. */
function recorder(isTTY: boolean) {
  const writes: string[] = [];
  let time = 0;
  return {
    writes,
    stream: { isTTY, write: (text: string) => writes.push(text) },
    now: () => time,
    advance: (ms: number) => void (time += ms),
  };
}

describe('progress reporter', () => {
  it('on a terminal redraws one line with the count, share and rate, at most every 100 ms, and clears it', () => {
    const r = recorder(true);
    const progress = progressReporter(r.stream, { now: r.now });
    progress.phase('verifying: state values', 1_000, 'values');
    r.advance(50);
    progress.update(100);
    r.advance(450);
    progress.update(500);
    progress.end();
    expect(r.writes).toEqual([
      '\r\x1b[Kverifying: state values: 1,000 values…',
      '\r\x1b[Kverifying: state values: 500 of 1,000 values (50%), 1,000 values/s',
      '\r\x1b[K',
    ]);
  });

  it('elsewhere writes nothing unless forced, then a line per phase and at most one update a second', () => {
    const quiet = recorder(false);
    const none = progressReporter(quiet.stream, { now: quiet.now });
    none.phase('generating', 10, 'versions');
    none.update(5);
    none.end();
    expect(quiet.writes).toEqual([]);

    const r = recorder(false);
    const progress = progressReporter(r.stream, { force: true, now: r.now });
    progress.phase('generating', 4_000, 'versions');
    r.advance(500);
    progress.update(1_000);
    r.advance(1_500);
    progress.update(3_000);
    progress.phase('finishing');
    r.advance(250);
    progress.end();
    progress.end();
    expect(r.writes).toEqual([
      'generating: 4,000 versions…\n',
      'generating: 3,000 of 4,000 versions (75%), 1,500 versions/s\n',
      'generating: done, 3,000 versions in 2.0 s\n',
      'finishing…\n',
      'finishing: done in 0.3 s\n',
    ]);
  });
});

describe('progress of the commands', () => {
  const dir = useTempDir('ledger-explorer-progress-');

  it('snapshot verify: passes a generated snapshot, quiet on a pipe; each check with --progress', () => {
    // Also the check that a generated snapshot passes (it was a separate run of the same command in
    // test/snapshot/snapshot-cli.test.ts): a full verify of the fixture is seconds of CPU.
    const quiet = runCliProcess(['snapshot', 'verify', fixturePath('small')]);
    expect(quiet.status, quiet.stdout + quiet.stderr).toBe(0);
    expect(quiet.stdout).toMatch(/^ok: /);
    expect(quiet.stderr).toBe('');
    const run = runCliProcess(['snapshot', 'verify', fixturePath('small'), '--progress']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^ok: /);
    for (const check of [
      'verifying: SQLite integrity check: done',
      'verifying: decoding state values: done',
      'verifying: write sets and event hashes: done',
      'verifying: conservation of balances: done',
      'verifying: indexer tables, derived again: done',
    ])
      expect(run.stderr).toContain(check);
    expect(run.stderr).toMatch(/conservation of balances: done, [\d,]+ versions in \d+\.\d s/);
  });

  it('snapshot info --digest and snapshot generate report with --progress', () => {
    const info = runCliProcess(['snapshot', 'info', fixturePath('small'), '--digest', '--progress']);
    expect(info.status, info.stderr).toBe(0);
    expect(info.stderr).toMatch(/computing the content digest: done, [\d,]+ rows in \d+\.\d s/);
    const out = join(dir, 'progress.db');
    const generate = runCliProcess(['snapshot', 'generate', '--out', out, '--versions', '300', '--progress']);
    expect(generate.status, generate.stderr).toBe(0);
    expect(generate.stderr).toContain('generating: simulating the chain: 300 versions…\n');
    expect(generate.stderr).toMatch(/generating: simulating the chain: done, 300 versions in \d+\.\d s\n/);
    for (const step of [
      'finishing: sorting and pruning the state rows: done',
      'finishing: building indexes: done',
      'finishing: statistics, flushing the file: done',
    ])
      expect(generate.stderr).toContain(step);
    // Relayed from the writer thread: the indexer pass counts the transactions it derived.
    expect(generate.stderr).toContain('finishing: deriving the indexer tables: 300 transactions…\n');
    expect(generate.stderr).toMatch(/finishing: deriving the indexer tables: done, 300 transactions in \d+\.\d s\n/);
    const quiet = runCliProcess(['snapshot', 'generate', '--out', join(dir, 'quiet.db'), '--versions', '300']);
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).toBe('');
  });

  it('snapshot upgrade: quiet on a pipe; with --progress the copy, each transaction derived and the rest', () => {
    const v2 = join(dir, 'v2.db');
    generateSnapshot({ out: v2, seed: 3, versions: 400, accounts: 10, coinStores: 0, format: 2 });
    const quiet = runCliProcess(['snapshot', 'upgrade', v2, '--out', join(dir, 'quiet-v3.db')]);
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe('');
    const run = runCliProcess(['snapshot', 'upgrade', v2, '--out', join(dir, 'v3.db'), '--progress']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^upgrading: copying .*v2\.db…\n/);
    expect(run.stderr).toContain('upgrading: deriving the indexer tables: 400 transactions…\n');
    expect(run.stderr).toMatch(/upgrading: deriving the indexer tables: done, 400 transactions in \d+\.\d s\n/);
    expect(run.stderr).toMatch(/upgrading: statistics, flushing the file: done in \d+\.\d s\n$/);
  });

  it('snapshot capture: step lines only on a pipe; with --progress the reads counted, then the writing', async () => {
    const store = SnapshotStore.open(fixturePath('small'));
    const node = await startHttpServer({ handler: createReadService({ store }), port: 0 });
    try {
      const capture = (out: string, extra: readonly string[]) =>
        runCliAsync([
          'snapshot',
          'capture',
          '--remote',
          `${node.url}/v1`,
          '--account',
          '0xcafe',
          '--out',
          out,
          ...extra,
        ]);
      const quiet = await capture(join(dir, 'capture-quiet.db'), []);
      expect(quiet.status, quiet.stderr).toBe(0);
      expect(quiet.stderr).toContain('capturing 1 account(s) from');
      expect(quiet.stderr).not.toContain('capturing: ');
      const run = await capture(join(dir, 'capture.db'), ['--progress']);
      expect(run.status, run.stderr).toBe(0);
      const answers = /read (\d+) answers/.exec(run.stderr)?.[1];
      expect(Number(answers)).toBeGreaterThan(3);
      expect(run.stderr).toContain(
        `capturing: reading ${node.url}/v1: done, ${Number(answers).toLocaleString('en')} answers in `,
      );
      expect(run.stderr).toMatch(/capturing: writing .*capture\.db: done in \d+\.\d s\n/);
      expect(run.stderr).toMatch(/finishing: deriving the indexer tables: done, \d+ transactions in \d+\.\d s\n/);
    } finally {
      await node.close();
      store.close();
    }
  });
});

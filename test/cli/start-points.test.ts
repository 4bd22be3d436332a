/**
 * Where a newcomer starts: `serve` prints the snapshot file and full URLs of starting points found in the snapshot
 * (an account with modules, tables and a long event stream; the 10,000-resource account; a table of structs), each
 * of which the server then answers, with the figures the hint states; `snapshot info|verify --sample` read the
 * sample snapshot in the data folder without a path; `snapshot info` lists the large account.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLE_SNAPSHOT_NAME } from '../../electron/cli/data-folder.ts';
import { findStartHints } from '../../electron/cli/start-hints.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { CLI_PATH, runCliProcess } from '../support/run-cli.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir();

/** Starts `serve` on the snapshot and resolves with its stdout up to the start hints, and a stop function. */
function serveUntilHints(snapshot: string): Promise<{ output: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [CLI_PATH, 'serve', '--snapshot', snapshot, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // The hints are one write after the URLs: the snapshot line, then "start with:" and its lines.
      if (/^snapshot: .*\n(start with:\n( {2}\S+ {2}.*\n)+)?$/m.test(output.slice(output.indexOf('\nsnapshot: ') + 1)))
        resolve({ output, stop: () => (child.kill('SIGTERM'), exited) });
    });
    child.stderr.on('data', (chunk: Buffer) => void (errors += chunk.toString()));
    void exited.then((code) => reject(new Error(`serve exited with ${code}: ${errors}`)));
  });
}

describe('serve prints where to start', () => {
  it('the snapshot file and three URLs the server answers, with the figures they state', async () => {
    const snapshot = fixturePath('main');
    const { output, stop } = await serveUntilHints(snapshot);
    try {
      const base = /^web UI: (http:\/\/127\.0\.0\.1:\d+)\/$/m.exec(output)?.[1];
      expect(base, output).toBeDefined();
      expect(output).toContain(`\nsnapshot: ${snapshot}\nstart with:\n`);
      const hints = [...output.matchAll(/^ {2}(http\S+) {2}(.*)$/gm)].map((m) => ({ url: m[1]!, what: m[2]! }));
      expect(hints.map((hint) => hint.url.slice(base!.length).replace(/0x[0-9a-f]{64}$/, 'HANDLE'))).toEqual([
        '/accounts/0xcafe',
        '/accounts/0xc011ec7',
        '/tables/HANDLE',
      ]);
      for (const hint of hints) {
        const page = await fetch(hint.url);
        expect([page.status, page.headers.get('content-type')], hint.url).toEqual([200, expect.stringMatching(/html/)]);
      }
      const [account, large, table] = hints as [(typeof hints)[0], (typeof hints)[0], (typeof hints)[0]];

      const stated = /^(\d+) modules?, (\d+) tables?, an event stream of ([\d,]+) events \(events\/(\d+)\)$/.exec(
        account.what,
      );
      expect(stated, account.what).not.toBeNull();
      const [, modules, tables, events, creationNumber] = stated!;
      const api = `${base}/v1/accounts/0xcafe`;
      expect(((await (await fetch(`${api}/modules?limit=1000`)).json()) as unknown[]).length).toBe(Number(modules));
      type Table = { owner: { address: string; resource: string; field: string } | null };
      const listing = (await (await fetch(`${base}/explorer/v1/tables?limit=100`)).json()) as { tables: Table[] };
      const owned = listing.tables.filter((t) => t.owner?.address === '0xcafe');
      expect(owned.length).toBe(Number(tables));
      const newest = (await (await fetch(`${api}/events/${creationNumber}?limit=1`)).json()) as {
        sequence_number: string;
      }[];
      expect(Number(newest[0]!.sequence_number) + 1).toBe(Number(events!.replace(/,/g, '')));

      // The real count: every resource the API lists, page by page.
      const statedResources = /^([\d,]+) resources: a long table to scroll and filter$/.exec(large.what)?.[1];
      expect(statedResources, large.what).toBeDefined();
      let listed = 0;
      let cursor: string | null = null;
      do {
        const query: string = cursor === null ? '' : `&start=${cursor}`;
        const response = await fetch(`${base}/v1/accounts/0xc011ec7/resources?limit=5000${query}`);
        listed += ((await response.json()) as unknown[]).length;
        cursor = response.headers.get('x-aptos-cursor');
      } while (cursor !== null);
      expect(listed).toBeGreaterThan(1000);
      expect(statedResources!.replace(/,/g, '')).toBe(String(listed));

      const handle = table.url.slice(`${base}/tables/`.length);
      const info = (await (await fetch(`${base}/explorer/v1/tables/${handle}`)).json()) as Table &
        Record<'key_type' | 'value_type', string>;
      expect(table.what).toContain(
        `table <${info.key_type}, ${info.value_type}> in ${info.owner?.resource}.${info.owner?.field}:`,
      );
      expect(info.value_type).toMatch(/^0x[0-9a-f]+::/);
    } finally {
      expect(await stop()).toBe(0);
    }
  });

  it('a snapshot without the large account (small: no coin stores) gets the other two hints only', () => {
    const store = SnapshotStore.open(fixturePath('small'));
    try {
      const paths = findStartHints(store).map((hint) => hint.path);
      expect(paths).not.toContain('/accounts/0xc011ec7');
      expect(paths[0]).toBe('/accounts/0xcafe');
      expect(paths[1]).toMatch(/^\/tables\/0x[0-9a-f]{64}$/);
    } finally {
      store.close();
    }
  });
});

describe('the sample without a path', () => {
  it('snapshot info --sample and verify --sample read the sample in the data folder', () => {
    const data = join(dir, 'data');
    mkdirSync(data);
    const sample = join(data, SAMPLE_SNAPSHOT_NAME);
    copyFileSync(fixturePath('small'), sample);
    const env = { ...process.env, LEDGER_EXPLORER_DATA_DIR: data };
    const info = runCliProcess(['snapshot', 'info', '--sample'], undefined, env);
    expect([info.status, info.stdout.split('\n')[0]]).toEqual([0, `snapshot ${sample}`]);
    const verify = runCliProcess(['snapshot', 'verify', '--sample'], undefined, env);
    expect([verify.status, verify.stdout]).toEqual([
      0,
      expect.stringMatching(new RegExp(`^ok: ${sample.replace(/\./g, '\\.')} `)),
    ]);
    const both = runCliProcess(['snapshot', 'info', '--sample', sample], undefined, env);
    expect([both.status, both.stderr]).toEqual([
      1,
      'ledger-explorer: snapshot info: give a FILE or --sample, not both\n',
    ]);
    const neither = runCliProcess(['snapshot', 'verify'], undefined, env);
    expect(neither.stderr).toBe(
      'ledger-explorer: snapshot verify needs a FILE argument (or --sample for the sample snapshot)\n',
    );
  });

  it('snapshot info names the large account with its resource count', () => {
    const info = runCliProcess(['snapshot', 'info', fixturePath('main')]);
    expect(info.stdout).toMatch(/^ {2}large account 0xc011ec7: \d{5} resources$/m);
  });
});

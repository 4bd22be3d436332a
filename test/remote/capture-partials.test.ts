/**
 * Partial files left in the captures folder by a killed capture (`<name>.<pid>.partial`) are removed
 * when a source opens with captures on (start-up of `serve` and of the desktop's service process) and
 * before each capture — but not those of a capture another live process is writing into the same
 * folder, unless untouched for longer than any capture's write takes. Real files, real processes,
 * a real `serve` and a real HTTP server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceSupervisor } from '../../electron/main/sources/service-supervisor.ts';
import { removeOrphanedPartials, STALE_PARTIAL_MS } from '../../electron/service/capture/orphan-partials.ts';
import { openDataSource } from '../../electron/service/data-source.ts';
import { startHttpServer } from '../../electron/service/http-server.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { forkLauncher } from '../electron/fork-launcher.ts';
import { startServe } from './serve-process.ts';

const dir = useTempDir();
/** The id of a process that ran and has exited (a killed capture's). */
let deadPid: number;
/** Another process that keeps running (a second server writing into the same folder). */
let other: ChildProcess;

beforeAll(async () => {
  const exited = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => exited.on('exit', resolve));
  deadPid = exited.pid!;
  other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
  await new Promise((resolve) => other.on('spawn', resolve));
});
afterAll(() => {
  other?.kill();
});

/** A captures folder holding the given files (empty content: only names and times matter). */
function folderWith(name: string, files: readonly string[]): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  for (const file of files) writeFileSync(join(folder, file), 'x');
  return folder;
}

function ageBy(path: string, ms: number): void {
  const when = new Date(Date.now() - ms);
  utimesSync(path, when, when);
}

describe('removeOrphanedPartials', () => {
  it('removes partials of exited processes and stale ones, keeps those being written and every other file', () => {
    const stem = 'capture-chain4-v7-20260101T000000Z.db';
    const folder = folderWith('sweep', [
      `${stem}.${deadPid}.partial`,
      `${stem}.${deadPid}.partial-journal`,
      `${stem}.${other.pid}.partial`,
      `capture-b.db.${other.pid}.partial`,
      `capture-c.db.${process.pid}.partial`,
      stem,
      'notes.partial',
      'x.db.12a.partial',
    ]);
    ageBy(join(folder, `capture-b.db.${other.pid}.partial`), STALE_PARTIAL_MS + 60_000);
    expect(removeOrphanedPartials(folder).sort()).toEqual(
      [`${stem}.${deadPid}.partial`, `${stem}.${deadPid}.partial-journal`, `capture-b.db.${other.pid}.partial`].sort(),
    );
    expect(readdirSync(folder).sort()).toEqual(
      [
        `${stem}.${other.pid}.partial`,
        `capture-c.db.${process.pid}.partial`,
        stem,
        'notes.partial',
        'x.db.12a.partial',
      ].sort(),
    );
  });

  it('has nothing to do for a missing folder', () => {
    expect(removeOrphanedPartials(join(dir, 'missing'))).toEqual([]);
  });
});

describe('a source with captures on', () => {
  it('cleans the folder when it opens and before each capture', async () => {
    const orphan = `capture-chain4-v1-20250101T000000Z.db.${deadPid}.partial`;
    const live = `capture-chain4-v1-20250101T000000Z.db.${other.pid}.partial`;
    const folder = folderWith('in-process', [orphan, live]);
    const source = openDataSource({ kind: 'snapshot', path: fixturePath('small') }, { capturesFolder: folder });
    const server = await startHttpServer({ handler: source.handler, port: 0 });
    try {
      expect(readdirSync(folder)).toEqual([live]);
      const later = `capture-chain4-v2-20250101T000000Z.db.${deadPid}.partial`;
      writeFileSync(join(folder, later), 'x');
      const response = await fetch(`${server.url}/explorer/v1/capture`, {
        method: 'POST',
        body: JSON.stringify({ accounts: ['0xcafe'] }),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const { name } = (await response.json()) as { name: string };
      expect(readdirSync(folder).sort()).toEqual([live, name].sort());
    } finally {
      await server.close();
      source.close();
    }
  });

  it('serve cleans the captures folder of its data folder at start-up', async () => {
    const data = join(dir, 'data');
    const orphan = `capture-chain4-v1-20250101T000000Z.db.${deadPid}.partial`;
    const live = `capture-chain4-v1-20250101T000000Z.db.${other.pid}.partial`;
    const folder = folderWith(join('data', 'captures'), [orphan, live]);
    const serve = await startServe(['--snapshot', fixturePath('small'), '--port', '0'], {
      ...process.env,
      LEDGER_EXPLORER_DATA_DIR: data,
    });
    try {
      expect(existsSync(join(folder, orphan))).toBe(false);
      expect(readdirSync(folder)).toEqual([live]);
    } finally {
      await serve.stop();
    }
  });

  it("the desktop's service process cleans its captures folder when it opens a source", async () => {
    const orphan = `capture-chain4-v1-20250101T000000Z.db.${deadPid}.partial`;
    const live = `capture-chain4-v1-20250101T000000Z.db.${other.pid}.partial`;
    const folder = folderWith('desktop', [orphan, live]);
    const supervisor = await ServiceSupervisor.start({
      launch: forkLauncher().launch,
      source: { kind: 'snapshot', path: fixturePath('small'), generateIfMissing: false },
      capturesFolder: folder,
    });
    try {
      expect(readdirSync(folder)).toEqual([live]);
    } finally {
      supervisor.stop();
    }
  });
});

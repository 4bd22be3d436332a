/**
 * The shipped bundles, built with the real Vite config into a temporary folder: the sandboxed
 * preload may only `require('electron')`, the service entry must not need electron at all (it runs
 * in a utility process) and — forked as plain Node — must answer from a real snapshot.
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceSupervisor } from '../../electron/main/sources/service-supervisor.ts';
import { fixturePath } from '../support/fixture-path.ts';

const root = join(import.meta.dirname, '..', '..');
// Inside the project (test/.tmp, ignored by git) so the bundles resolve better-sqlite3 from node_modules as in the app.
mkdirSync(join(root, 'test', '.tmp'), { recursive: true });
const out = mkdtempSync(join(root, 'test', '.tmp', 'electron-bundles-'));
let supervisor: ServiceSupervisor | undefined;

beforeAll(async () => {
  for (const mode of ['production', 'service', 'preload']) {
    await build({
      root,
      configFile: join(root, 'vite.electron.config.ts'),
      mode,
      logLevel: 'silent',
      build: { outDir: out, emptyOutDir: false, sourcemap: false },
    });
  }
});
afterAll(() => {
  supervisor?.stop();
  rmSync(out, { recursive: true, force: true });
});

/** Module names a CommonJS bundle requires. */
function requires(file: string): string[] {
  return [...readFileSync(join(out, file), 'utf8').matchAll(/\brequire\(["']([^"']+)["']\)/g)].map(
    (match) => match[1] ?? '',
  );
}

describe('Electron bundles', () => {
  it('the preload is one CommonJS file that requires only electron (a sandboxed preload can load nothing else)', () => {
    expect([...new Set(requires('preload.cjs'))]).toEqual(['electron']);
  });

  it('the service entry never requires electron', () => {
    const modules = new Set(requires('service-entry.cjs'));
    expect(modules.has('electron')).toBe(false);
    expect(modules.has('better-sqlite3')).toBe(true);
  });

  it('the main bundle imports only electron and Node built-ins, and no data source (that is the service)', () => {
    const main = readFileSync(join(out, 'main.js'), 'utf8');
    const imported = [...main.matchAll(/^import .* from ["']([^"']+)["'];?$/gm)].map((match) => match[1] ?? '');
    for (const name of imported) expect(name === 'electron' || name.startsWith('node:'), name).toBe(true);
    expect(main).not.toMatch(/\bimport\(/);
    for (const absent of [
      'better-sqlite3',
      'function createRemoteService',
      'function createReadService',
      'function fetchUpstream',
    ])
      expect(main, absent).not.toContain(absent);
    const entry = readFileSync(join(out, 'service-entry.cjs'), 'utf8');
    for (const present of ['function createRemoteService', 'function createReadService'])
      expect(entry, present).toContain(present);
  });

  it('the bundled service entry answers from a snapshot in a plain Node child process', async () => {
    supervisor = await ServiceSupervisor.start({
      source: { kind: 'snapshot', path: fixturePath('small'), generateIfMissing: false },
      launch: () => {
        const child = fork(join(out, 'service-entry.cjs'), [], {
          serialization: 'advanced',
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        child.on('error', () => {});
        return {
          postMessage: (message) => void child.send(message),
          onMessage: (listener) => void child.on('message', listener),
          onExit: (listener) => void child.once('exit', (code, signal) => listener(signal ?? `exit code ${code}`)),
          kill: () => void child.kill(),
        };
      },
    });
    const reply = await supervisor.request(
      'GET',
      'app://ledger-explorer/v1/accounts/0x1/resource/0x1::account::Account',
      [],
      new Uint8Array(),
    );
    expect(reply.status).toBe(200);
    expect(JSON.parse(String(reply.body))).toMatchObject({ type: '0x1::account::Account' });
  });
});

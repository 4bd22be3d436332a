/**
 * The real electron-builder, run offline on the real electron-builder.yml and package.json: the app is built with the
 * real Vite configs into a scratch copy of the project (so the worktree's dist/, which `serve` and the e2e suite read,
 * is never rebuilt under them), with decoys of what the repository holds beside the build output (sources, tests with
 * a .db, docs with a screenshot, CI script). Electron's own distribution cannot be downloaded here, so a stand-in
 * (stand-in-electron.ts) is passed as `electronDist`, and every download URL points at a closed local port: a build
 * that tried to fetch anything would fail instead of reaching the network. The deb target runs too, with a stand-in
 * for fpm (CUSTOM_FPM_PATH) that records the arguments electron-builder hands it.
 *
 * Takes about 10 s (two Vite builds of a few seconds, electron-builder about 3 s).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { extractFile, listPackage, statFile } from '@electron/asar';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.ts';
import { writeLinuxElectronDist } from './stand-in-electron.ts';

const root = join(import.meta.dirname, '..', '..');
const work = useTempDir('ledger-explorer-packaging-');
const project = join(work, 'project');
const release = join(work, 'release');
const unpacked = join(release, 'linux-unpacked');
const asar = join(unpacked, 'resources', 'app.asar');
const fpmArgsFile = join(work, 'fpm-args.json');
const PREBUILD = '/node_modules/better-sqlite3/prebuilds/linux-x64.node';
/** Nothing listens on the discard port of the loopback address: any download fails at once. */
const NO_NETWORK = 'http://127.0.0.1:9/';
let entries: string[];

/** The pieces of the repository the build reads, a stand-in Electron and fpm, and the built app. */
async function stageProject(): Promise<void> {
  mkdirSync(project, { recursive: true });
  for (const file of ['package.json', 'electron-builder.yml']) cpSync(join(root, file), join(project, file));
  cpSync(join(root, 'build'), join(project, 'build'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'), 'dir');
  // What the repository holds besides the build output: none of it may reach the package.
  const decoys: Record<string, string> = {
    'electron/main/main.ts': 'export {};',
    'renderer/main.tsx': 'export {};',
    'shared/ipc-contract.ts': 'export {};',
    'test/.tmp/fixture-small.db': 'SQLite format 3\0',
    'test/electron/ipc.test.ts': 'export {};',
    'docs/screenshots/landing.png': 'png',
    'docs/security.md': '# docs',
    '.ci/run': '#!/bin/sh',
    'README.md': '# readme',
    'tsconfig.json': '{}',
  };
  for (const [path, text] of Object.entries(decoys)) {
    mkdirSync(join(project, path, '..'), { recursive: true });
    writeFileSync(join(project, path), text);
  }
  // The real build output, source maps included (both configs write them; the package must drop them).
  await build({
    configFile: join(root, 'vite.config.ts'),
    root: join(root, 'renderer'),
    logLevel: 'silent',
    build: { outDir: join(project, 'dist', 'renderer'), emptyOutDir: true },
  });
  for (const mode of ['production', 'service', 'preload']) {
    await build({
      root,
      configFile: join(root, 'vite.electron.config.ts'),
      mode,
      logLevel: 'silent',
      build: { outDir: join(project, 'dist', 'electron'), emptyOutDir: false },
    });
  }
  const electronVersion = (
    JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }
  ).version;
  writeLinuxElectronDist(join(work, 'electron-dist'), electronVersion);
  const recorder = join(work, 'fpm-recorder.cjs');
  writeFileSync(
    recorder,
    `require('node:fs').writeFileSync(${JSON.stringify(fpmArgsFile)}, JSON.stringify(process.argv.slice(2)));\n`,
  );
  writeFileSync(
    join(work, 'fpm'),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(recorder)} "$@"\n`,
    {
      mode: 0o755,
    },
  );
}

beforeAll(async () => {
  await stageProject();
  const cli = join(root, 'node_modules', 'electron-builder', 'cli.js');
  const args = [
    ...[cli, '--config', 'electron-builder.yml', '--linux', 'dir', 'deb', '--x64', '--publish', 'never'],
    `-c.electronDist=${join(work, 'electron-dist')}`,
    `-c.directories.output=${release}`,
    `-c.electronDownload.mirror=${NO_NETWORK}`,
  ];
  const env = {
    ...process.env,
    ELECTRON_BUILDER_OFFLINE: 'true',
    ELECTRON_MIRROR: NO_NETWORK,
    ELECTRON_BUILDER_BINARIES_MIRROR: NO_NETWORK,
    ELECTRON_BUILDER_CACHE: join(work, 'cache'),
    CUSTOM_FPM_PATH: join(work, 'fpm'),
    CI: 'true',
  };
  try {
    await promisify(execFile)(process.execPath, args, { cwd: project, env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`electron-builder failed:\n${stdout ?? ''}\n${stderr ?? ''}`, { cause: error });
  }
  entries = listPackage(asar, { isPack: false });
});

describe('the packaged app (electron-builder --linux dir, offline)', () => {
  it('holds only package.json, the build output and better-sqlite3 loader with its binary for the platform', () => {
    const allowed = [
      /^\/package\.json$/,
      /^\/dist(\/(electron|renderer)(\/.*)?)?$/,
      /^\/node_modules(\/better-sqlite3(\/package\.json|\/lib(\/.*)?|\/prebuilds)?)?$/,
      /^\/node_modules\/better-sqlite3\/prebuilds\/linux-x64\.node$/,
    ];
    expect(entries.filter((entry) => !allowed.some((pattern) => pattern.test(entry)))).toEqual([]);
    for (const needed of [
      '/package.json',
      '/dist/electron/main.js',
      '/dist/electron/preload.cjs',
      '/dist/electron/service-entry.cjs',
      '/dist/renderer/index.html',
      '/node_modules/better-sqlite3/lib/index.js',
      '/node_modules/better-sqlite3/lib/binding.js',
      PREBUILD,
    ])
      expect(entries).toContain(needed);
    expect(entries.filter((entry) => entry.endsWith('.node'))).toEqual([PREBUILD]);
    expect(entries.filter((entry) => /\.(map|ts|tsx|db|md|png)$/.test(entry))).toEqual([]);
    expect(entries.some((entry) => /^\/(test|docs|electron|renderer|shared|\.ci)\b/.test(entry))).toBe(false);
    // `serve`'s server-side render (dist/renderer/ssr/) is not the desktop's: its main process never loads it.
    expect(entries.filter((entry) => entry.startsWith('/dist/renderer/ssr'))).toEqual([]);
  });

  it('starts the bundled main script', () => {
    const manifest = JSON.parse(extractFile(asar, 'package.json').toString('utf8')) as { main: string };
    expect(manifest.main).toBe('dist/electron/main.js');
  });

  it('is small: the asar is under 3 MB', () => {
    expect(statSync(asar).size).toBeLessThan(3 * 1024 * 1024);
  });

  it('unpacks the native binary beside the asar (a .node file cannot be loaded from inside it)', () => {
    expect((statFile(asar, PREBUILD.slice(1)) as { unpacked?: boolean }).unpacked).toBe(true);
    const shipped = join(`${asar}.unpacked`, ...PREBUILD.split('/'));
    const source = join(root, ...PREBUILD.split('/'));
    expect(readFileSync(shipped).equals(readFileSync(source))).toBe(true);
  });

  it('flipped the fuses of the packaged binary', async () => {
    const wire = await getCurrentFuseWire(join(unpacked, 'ledger-explorer'));
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
  });

  it('hands fpm a deb with a homepage, a maintainer with an email, and xdg-utils among the depends', () => {
    const fpm = JSON.parse(readFileSync(fpmArgsFile, 'utf8')) as string[];
    const valueOf = (flag: string): string | undefined => fpm[fpm.indexOf(flag) + 1];
    expect(fpm.slice(0, 5)).toEqual(['-s', 'dir', '--force', '-t', 'deb']);
    expect(valueOf('--url')).toMatch(/^https:\/\//);
    expect(valueOf('--maintainer')).toMatch(/^[^<>]+ <[^@<>\s]+@[^@<>\s]+\.[a-z]+>$/);
    const depends = fpm.flatMap((arg, index) => (fpm[index - 1] === '-d' ? [arg] : []));
    // electron-builder's defaults (a `depends` list replaces them), plus the API-key store and sound.
    for (const name of ['libgtk-3-0', 'libnotify4', 'libnss3', 'libxss1', 'libxtst6', 'xdg-utils', 'libatspi2.0-0'])
      expect(depends).toContain(name);
    expect(depends).toContain('libsecret-1-0');
    expect(fpm).toContain(`${unpacked}/=/opt/Ledger Explorer`);
  });
});

/**
 * The afterPack hook flips the fuses with the real @electron/fuses on a stand-in binary: a file
 * holding the fuse sentinel and a V1 fuse wire as Electron's binaries do (the binary itself cannot
 * be downloaded here). Reading the wire back shows exactly which fuses the packaged app ships with.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import { afterPack, packedExecutable } from '../../build/after-pack.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { writeFuseBinary } from './stand-in-electron.ts';

describe('fuses flipped at packaging', () => {
  it('run-as-node, NODE_OPTIONS, inspect arguments, file:// privileges off; asar integrity, asar-only on', async () => {
    const appOutDir = useTempDir('ledger-explorer-fuses-');
    const context = {
      appOutDir,
      electronPlatformName: 'linux',
      arch: 1,
      packager: { appInfo: { productFilename: 'Ledger Explorer' }, executableName: 'ledger-explorer' },
    };
    const binary = packedExecutable(context);
    expect(binary).toBe(join(appOutDir, 'ledger-explorer'));
    writeFuseBinary(binary);
    const sizeBefore = readFileSync(binary).length;
    await afterPack(context);
    const wire = await getCurrentFuseWire(binary);
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE);
    expect(readFileSync(binary).length).toBe(sizeBefore);
  });

  it('finds the binary of each platform', () => {
    const base = {
      appOutDir: '/out',
      arch: 1,
      packager: { appInfo: { productFilename: 'Ledger Explorer' }, executableName: 'ledger-explorer' },
    };
    expect(packedExecutable({ ...base, electronPlatformName: 'win32' })).toBe(join('/out', 'Ledger Explorer.exe'));
    expect(packedExecutable({ ...base, electronPlatformName: 'darwin' })).toBe(join('/out', 'Ledger Explorer.app'));
  });

  it('fails packaging when the binary has no fuse wire (never ships unfused)', async () => {
    const appOutDir = useTempDir('ledger-explorer-nofuses-');
    mkdirSync(appOutDir, { recursive: true });
    writeFileSync(join(appOutDir, 'ledger-explorer'), Buffer.alloc(1024));
    await expect(
      afterPack({
        appOutDir,
        electronPlatformName: 'linux',
        arch: 1,
        packager: { appInfo: { productFilename: 'x' }, executableName: 'ledger-explorer' },
      }),
    ).rejects.toThrow(/sentinel/);
  });
});

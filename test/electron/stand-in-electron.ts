/**
 * A stand-in for Electron's binaries, which cannot be downloaded here: a file carrying the fuse sentinel and a V1
 * fuse wire where @electron/fuses looks for them (it scans the binary for the sentinel string and reads the version
 * byte, the wire length and one byte per fuse after it), and an unpacked distribution folder around it with what
 * electron-builder copies for `--linux dir` (the executable, `version`, `resources/`, `locales/`).
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FuseState } from '@electron/fuses';

/** The string @electron/fuses searches the binary for (the start of the fuse wire). */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Fuses on Electron 45's wire. */
export const FUSE_WIRE_LENGTH = 9;

/** Writes a fake Electron binary at `path`: junk, the sentinel, version 1, the wire length, every fuse on, junk. */
export function writeFuseBinary(path: string): void {
  const wire = Buffer.alloc(FUSE_WIRE_LENGTH, FuseState.ENABLE);
  writeFileSync(
    path,
    Buffer.concat([
      Buffer.alloc(4096, 0x90),
      Buffer.from(FUSE_SENTINEL),
      Buffer.from([1, FUSE_WIRE_LENGTH]),
      wire,
      Buffer.alloc(4096, 0x90),
    ]),
  );
  chmodSync(path, 0o755);
}

/** Lays out an unpacked Linux Electron distribution of `version` in `dir` (for electron-builder's `electronDist`). */
export function writeLinuxElectronDist(dir: string, version: string): void {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  mkdirSync(join(dir, 'locales'), { recursive: true });
  writeFuseBinary(join(dir, 'electron'));
  writeFileSync(join(dir, 'version'), version);
  writeFileSync(join(dir, 'locales', 'en-US.pak'), 'stand-in locale');
}

/**
 * electron-builder `afterPack` hook: flips Electron's fuses in the packaged binary before it is
 * signed and wrapped (AppImage, deb, dmg, nsis). With these fuses off, the shipped app cannot be
 * turned into a plain Node.js (ELECTRON_RUN_AS_NODE), take NODE_OPTIONS, or open an inspector port;
 * it loads its code only from app.asar, whose integrity is checked.
 */
import { join } from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses';

/** The fuse settings of every packaged build. */
export const FUSES = {
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
} as const;

/** The part of electron-builder's AfterPackContext used here. */
export interface AfterPackContextLike {
  readonly appOutDir: string;
  readonly electronPlatformName: string;
  /** electron-builder's Arch enum: 3 is arm64. */
  readonly arch: number;
  readonly packager: { readonly appInfo: { readonly productFilename: string }; readonly executableName?: string };
}

/** Path of the Electron binary (or .app bundle) inside the packed output. */
export function packedExecutable(context: AfterPackContextLike): string {
  const name = context.packager.appInfo.productFilename;
  switch (context.electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(context.appOutDir, `${name}.app`);
    case 'win32':
      return join(context.appOutDir, `${name}.exe`);
    default:
      return join(context.appOutDir, context.packager.executableName ?? name);
  }
}

const ARM64 = 3;

/** The hook itself. */
export async function afterPack(context: AfterPackContextLike): Promise<void> {
  const config: FuseV1Config = {
    version: FuseVersion.V1,
    // Flipping fuses breaks an arm64 Mac ad-hoc signature; electron-builder signs properly afterwards.
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch === ARM64,
    ...FUSES,
  };
  await flipFuses(packedExecutable(context), config);
}

export default afterPack;

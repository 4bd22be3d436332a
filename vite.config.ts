import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Where the server-side render bundle goes inside the UI's folder (electron/service/ssr-page.ts loads it). */
const SSR_FOLDER = 'ssr';

/**
 * After the UI is built, the server-side render bundle (renderer/ssr-entry.tsx) is built into its `ssr/` folder by
 * the same config in SSR mode: every build of the UI (`vite build`, the e2e suite's, the desktop's) carries the
 * render of the same sources. The service never serves that folder as a file of the UI (static-ui.ts).
 */
function ssrBundle(): Plugin {
  let outDir = '';
  let ssr = false;
  let configFile: string | undefined;
  let mode = 'production';
  return {
    name: 'ledger-explorer-ssr-bundle',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
      configFile = config.configFile;
      mode = config.mode;
    },
    async closeBundle() {
      if (ssr) return;
      await build({
        configFile: configFile ?? false,
        mode,
        logLevel: 'warn',
        publicDir: false,
        // React's server build picks its production or development form at run time by NODE_ENV, which the service's
        // process does not set: fixed here to the build's own (the client bundle's is fixed by Vite alike).
        define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development') },
        build: { ssr: 'ssr-entry.tsx', outDir: join(outDir, SSR_FOLDER), emptyOutDir: false, sourcemap: false },
      });
    },
  };
}

/**
 * The renderer bundle: `renderer/` → `dist/renderer/` (served at `/` by `ledger-explorer serve`
 * and by the desktop app's `app://` scheme), with the server-side render in `dist/renderer/ssr/`.
 * Base `/`: every route is a real path.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'renderer',
  base: '/',
  plugins: [react(), ssrBundle()],
  // The app's version, named in every export's provenance (renderer/lib/app-version.ts).
  define: { __APP_VERSION__: JSON.stringify(version) },
  // The render runs in the service's process from its one file and its chunks: every dependency bundled in.
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    target: isSsrBuild === true ? 'node22' : 'es2023',
    // One style sheet, loaded by index.html: a page the server rendered is drawn styled before any view's code
    // (and the styles a split chunk would bring with it) has loaded.
    cssCodeSplit: false,
  },
}));

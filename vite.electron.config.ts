import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * Bundles the Electron shell into dist/electron/ (Electron does not strip TypeScript):
 * - default mode: `main.js`, the main process, an ES module (no data source in it: both run in the service entry);
 * - `--mode service`: `service-entry.cjs`, the data service's utility process (a snapshot or a remote node), one
 * CommonJS file
 *   (the most conservative format for a utility process entry);
 * - `--mode preload`: `preload.cjs`, one CommonJS file, because a sandboxed preload cannot load
 *   modules (it may only `require('electron')`).
 * `electron` and the native `better-sqlite3` stay external (the latter is unpacked from the asar).
 */
/** Single-file CommonJS bundles and their entries. */
const COMMONJS_ENTRIES: Readonly<Record<string, string>> = {
  preload: 'electron/preload/preload.ts',
  service: 'electron/main/sources/service-entry.ts',
};

export default defineConfig(({ mode }) => {
  const commonjs = COMMONJS_ENTRIES[mode];
  return {
    publicDir: false,
    build: {
      ssr: true,
      outDir: 'dist/electron',
      // The main build runs first and clears the folder; the others add to it.
      emptyOutDir: commonjs === undefined,
      target: 'node22',
      sourcemap: true,
      minify: false,
      reportCompressedSize: false,
      rollupOptions: {
        input:
          commonjs === undefined
            ? { main: 'electron/main/main.ts' }
            : { [mode === 'service' ? 'service-entry' : mode]: commonjs },
        external: ['electron', 'better-sqlite3', ...builtinModules, /^node:/],
        output:
          commonjs !== undefined
            ? { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false }
            : { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
    ssr: { noExternal: true, external: ['electron', 'better-sqlite3'] },
  };
});

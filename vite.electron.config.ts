import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * Bundles the Electron shell into dist/electron/ (Electron does not strip TypeScript):
 * - default mode: `main.js` (main process) and `service-entry.js` (the snapshot service's utility
 *   process), ES modules for Node, sharing chunks;
 * - `--mode preload`: `preload.cjs`, one CommonJS file, because a sandboxed preload cannot load
 *   modules (it may only `require('electron')`).
 * `electron` and the native `better-sqlite3` stay external (the latter is unpacked from the asar).
 */
export default defineConfig(({ mode }) => {
  const preload = mode === 'preload';
  return {
    publicDir: false,
    build: {
      ssr: true,
      outDir: 'dist/electron',
      // The main build runs first and clears the folder; the preload build adds to it.
      emptyOutDir: !preload,
      target: 'node22',
      sourcemap: true,
      minify: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: preload
          ? { preload: 'electron/preload/preload.ts' }
          : { main: 'electron/main/main.ts', 'service-entry': 'electron/main/sources/service-entry.ts' },
        external: ['electron', 'better-sqlite3', ...builtinModules, /^node:/],
        output: preload
          ? { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false }
          : { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
    ssr: { noExternal: true, external: ['electron', 'better-sqlite3'] },
  };
});

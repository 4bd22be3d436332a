import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The renderer bundle: `renderer/` → `dist/renderer/` (served at `/` by `ledger-explorer serve`
 * and by the desktop app's `app://` scheme). Base `/`: every route is a real path.
 */
export default defineConfig({
  root: 'renderer',
  base: '/',
  plugins: [react()],
  // The app's version, named in every export's provenance (renderer/lib/app-version.ts).
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2023',
  },
});

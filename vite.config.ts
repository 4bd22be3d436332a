import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The renderer bundle: `renderer/` → `dist/renderer/` (served at `/` by `ledger-explorer serve`
 * and by the desktop app's `app://` scheme). Base `/`: every route is a real path.
 */
export default defineConfig({
  root: 'renderer',
  base: '/',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2023',
  },
});

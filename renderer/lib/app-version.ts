/**
 * The app's version, from package.json, put into the bundle by Vite's `define` (vite.config.ts): exports name it
 * (export-provenance.ts). Null where the code runs unbundled (component tests) and nothing defined it.
 */
declare const __APP_VERSION__: string | undefined;

/** `0.1.0`, or null when unknown. */
export const APP_VERSION: string | null = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : null;

/**
 * The generator's default size and its largest accepted one, apart from the generator so that the command line's
 * help can quote them without loading the generator (electron/cli/snapshot-usage.ts).
 */

/** Default size of a generated snapshot (the sample the app opens with). */
export const DEFAULT_GENERATE = { seed: 1, versions: 50_000, accounts: 1_000, chainId: 4, coinStores: 10_000 } as const;

/**
 * Largest chain and account count the generator accepts (docs/snapshot-format.md, "Generating").
 * The simulation keeps per-block plans and per-account state in memory, so its heap grows with both.
 */
export const MAX_VERSIONS = 5_000_000;
/** Largest `--accounts`. */
export const MAX_ACCOUNTS = 100_000;

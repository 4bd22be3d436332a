/**
 * The store's module reads: which module set is in force at a version and the ABI lookup each set shares, so layouts
 * and compiled decoders are reused across time travel instead of rebuilt per requested version.
 */
import type Database from 'better-sqlite3';
import { parseAddress } from '../../shared/address.ts';
import type { AbiLookup, MoveModuleAbi } from '../../shared/move/abi.ts';

/** How many module sets keep an ABI lookup before the cache starts again (time travel rarely visits more). */
const ABI_CACHE_SETS = 256;

/** Module-set versions of one snapshot and the ABI lookups by set. */
export class ModuleSetReads {
  /** Versions at which any module was published or upgraded, ascending (few: read once). */
  readonly #versions: readonly bigint[];
  /** ABI lookups by the version of the module set they see (the newest publication at or below a version). */
  readonly #abiCache = new Map<bigint, AbiLookup>();
  readonly #moduleAbi: Database.Statement;

  /** `moduleAbi` takes (address, name, version) and answers the newest `abi` at or below the version. */
  constructor(db: Database.Database, moduleAbi: Database.Statement) {
    this.#versions = (
      db.prepare('SELECT DISTINCT version FROM modules ORDER BY version').all() as { version: number }[]
    ).map((row) => BigInt(row.version));
    this.#moduleAbi = moduleAbi;
  }

  /** The newest module publication at or below `version` (-1 before any). */
  moduleSetVersion(version: bigint): bigint {
    const versions = this.#versions;
    let lo = 0;
    let hi = versions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((versions[mid] ?? 0n) <= version) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? -1n : (versions[lo - 1] ?? -1n);
  }

  /** The ABI lookup of the module set in force at `version`, shared by every version of that set. */
  abiLookup(version: bigint): AbiLookup {
    const setVersion = this.moduleSetVersion(version);
    let lookup = this.#abiCache.get(setVersion);
    if (!lookup) {
      const cache = new Map<string, MoveModuleAbi | undefined>();
      lookup = (address, module) => {
        const key = `${address}::${module}`;
        if (!cache.has(key)) {
          const row = this.#moduleAbi.get(parseAddress(address), module, setVersion) as { abi: string } | undefined;
          cache.set(key, row ? (JSON.parse(row.abi) as MoveModuleAbi) : undefined);
        }
        return cache.get(key);
      };
      if (this.#abiCache.size >= ABI_CACHE_SETS) this.#abiCache.clear();
      this.#abiCache.set(setVersion, lookup);
    }
    return lookup;
  }
}

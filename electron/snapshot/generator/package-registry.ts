/**
 * `0x1::code::PackageRegistry`: every account that publishes modules holds one, listing its packages (name, upgrade
 * policy and number, source digest, gzipped manifest, modules with their gzipped source where published,
 * dependencies), and each publication emits the
 * `0x1::code::PublishPackage` module event — what explorers read to list an account's packages.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { formatAddress } from '../../../shared/address.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import { REGISTRY_SOURCE } from './registry-source.ts';
import type { World } from './world.ts';

const REGISTRY_TYPE = '0x1::code::PackageRegistry';
const METADATA_TYPE = '0x1::code::PackageMetadata';
const PUBLISH_EVENT = '0x1::code::PublishPackage';

/**
 * Module sources published with their package, by `address::module`: the sample's own package publishes its
 * source (as `aptos move publish` does by default), the framework's stand-ins publish none (`0x`), as a package
 * built with `--included-artifacts none` would.
 */
const MODULE_SOURCES: ReadonlyMap<string, string> = new Map([['0xcafe::registry', REGISTRY_SOURCE]]);

/** A module's `source` field: its text gzip-compressed (what the Aptos CLI stores), or empty when unpublished. */
function sourceField(address: string, module: string): string {
  const text = MODULE_SOURCES.get(`${address}::${module}`);
  return text === undefined ? '0x' : bytesToHex(gzipSync(text, { level: 9 }));
}

/** Packages published so far, per world and account (short address). */
const published = new WeakMap<World, Map<string, unknown[]>>();

/**
 * Adds package `name` (of `modules`) to the PackageRegistry of `address` at the world's current version, emitting
 * PublishPackage unless `atGenesis`; returns the BCS of its PackageMetadata (the publish call's first argument).
 */
export function writePackageRegistry(
  world: World,
  address: Uint8Array,
  name: string,
  modules: readonly string[],
  atGenesis = false,
): Uint8Array {
  const short = formatAddress(address);
  let byAccount = published.get(world);
  if (!byAccount) {
    byAccount = new Map();
    published.set(world, byAccount);
  }
  const packages = byAccount.get(short) ?? [];
  byAccount.set(short, packages);
  const manifest = gzipSync(`[package]\nname = "${name}"\nversion = "1.0.0"\n`, { level: 9 });
  const metadata = {
    name,
    upgrade_policy: { policy: 1 },
    upgrade_number: '0',
    source_digest: createHash('sha256').update(`${short}::${name}`).digest('hex').toUpperCase(),
    manifest: bytesToHex(manifest),
    modules: modules.map((module) => ({
      name: module,
      source: sourceField(short, module),
      source_map: '0x',
      extension: { vec: [] },
    })),
    deps: short === '0x1' ? [] : [{ account: '0x1', package_name: 'AptosFramework' }],
    extension: { vec: [] },
  };
  packages.push(metadata);
  world.resource(address, REGISTRY_TYPE, world.encoder.encode(REGISTRY_TYPE, { packages }));
  if (!atGenesis) world.moduleEvent(PUBLISH_EVENT, { code_address: short, is_upgrade: false });
  return world.encoder.encode(METADATA_TYPE, metadata);
}

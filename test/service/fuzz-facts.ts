/**
 * The fixture facts the fuzz generators draw from (fuzz-arbitraries.ts, fuzz-shapes.ts), read once
 * from the `main` fixture so that most generated parts name things that exist.
 */
import { parseAddress } from '../../shared/address.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { formatStructTag } from '../../shared/type-tag.ts';
import type { ContractEnv } from './contract-support.ts';
import { resourceKey } from './contract-values.ts';

/** The fixture facts the generators draw from: known accounts, types, streams, tables, cursors, modules, versions. */
export interface Facts {
  readonly accounts: readonly string[];
  readonly resourceTypes: readonly string[];
  readonly streams: readonly { address: string; creationNumber: string; struct: string; field: string }[];
  readonly tables: readonly {
    handle: string;
    keyType: string;
    valueType: string;
    keys: readonly unknown[];
    rawKeys: readonly string[];
  }[];
  readonly cursors: readonly string[];
  readonly modules: readonly string[];
  readonly oldest: bigint;
  readonly latest: bigint;
  /** Hashes of committed transactions (the samples). */
  readonly transactionHashes: readonly string[];
  readonly oldestBlock: bigint;
  readonly latestBlock: bigint;
  /** Object addresses and fungible asset metadata addresses (the samples). */
  readonly objects: readonly string[];
}

/**
 * Reads the facts from the fixture: samples, the resource types of the sample accounts, and every resource key of 0x1
 * as a cursor.
 */
export function factsOf(e: ContractEnv): Facts {
  const latest = BigInt(e.info.latestVersion);
  const one = parseAddress('0x1');
  const resources = e.store.accountResources(one, latest, undefined, 9999).resources;
  const resourceTypes = new Set<string>();
  for (const account of e.info.samples.accounts) {
    for (const resource of e.store.accountResources(parseAddress(account), latest, undefined, 9999).resources) {
      resourceTypes.add(formatStructTag(resource.tag));
    }
  }
  const cursors = resources.map((resource) => bytesToHex(resourceKey(one, resource.tag), false));
  return {
    accounts: e.info.samples.accounts,
    resourceTypes: [...resourceTypes],
    streams: e.info.samples.eventStreams,
    tables: e.info.samples.tables,
    cursors,
    modules: e.store.modules(one, latest).map((module) => module.abi.name),
    oldest: BigInt(e.info.oldestVersion),
    latest,
    transactionHashes: Object.values(e.info.samples.transactions).flatMap((sample) => (sample ? [sample.hash] : [])),
    oldestBlock: e.store.ledgerInfo().oldestBlockHeight,
    latestBlock: e.store.ledgerInfo().blockHeight,
    objects: [...e.info.samples.objects, ...e.info.samples.fungibleAssets],
  };
}

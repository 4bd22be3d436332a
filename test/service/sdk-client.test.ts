/**
 * The official TypeScript SDK (@aptos-labs/ts-sdk 5.1.4, the last Apache-2.0 release), unchanged,
 * against our service over real HTTP: table items (now and at an older version), resources pages
 * walked by the SDK's own cursor handling, gas estimate and ledger info.
 */
import { Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { hexToBytes } from '../../shared/hex.ts';
import { decodeMoveValue } from '../../shared/move/decode.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import { parseTypeTag } from '../../shared/type-tag.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { fixturePath } from '../support/fixture-path.ts';

let store: SnapshotStore;
let server: RunningHttpServer;
let aptos: Aptos;
let info: SnapshotInfo;

beforeAll(async () => {
  store = SnapshotStore.open(fixturePath('main'));
  info = snapshotInfo(store);
  server = await startHttpServer({ handler: createReadService({ store }), port: 0 });
  aptos = new Aptos(new AptosConfig({ network: Network.CUSTOM, fullnode: `${server.url}/v1` }));
});
afterAll(async () => {
  await server.close();
  store.close();
});

function expectedItem(handle: string, valueType: string, rawKey: string, version: bigint): unknown {
  const bytes = store.tableItem(parseAddress(handle), hexToBytes(rawKey), version);
  if (!bytes) return undefined;
  return decodeMoveValue(bytes, resolveLayout(parseTypeTag(valueType), store.abiLookup(version)));
}

describe('@aptos-labs/ts-sdk 5.1.4 against the read service', () => {
  it('reads the ledger info', async () => {
    const ledger = await aptos.getLedgerInfo();
    expect(ledger.chain_id).toBe(info.chainId);
    expect(ledger.ledger_version).toBe(info.latestVersion);
    expect(ledger.oldest_ledger_version).toBe(info.oldestVersion);
  });

  it('gets table items of every key type, as the store holds them', async () => {
    const latest = BigInt(info.latestVersion);
    expect(info.samples.tables).toHaveLength(6);
    for (const table of info.samples.tables) {
      for (const [i, key] of table.keys.entries()) {
        const item = await aptos.getTableItem({
          handle: table.handle,
          data: { key_type: table.keyType, value_type: table.valueType, key },
        });
        expect(item).toEqual(expectedItem(table.handle, table.valueType, table.rawKeys[i] ?? '', latest));
      }
    }
  });

  it('gets a table item as of an older ledger version, where it differs or is absent', async () => {
    const table = info.samples.tables.find((t) => t.keyType === 'u64');
    expect(table).toBeDefined();
    if (!table) return;
    const version = (BigInt(info.oldestVersion) + BigInt(info.latestVersion)) / 2n;
    for (const [i, key] of table.keys.entries()) {
      const expected = expectedItem(table.handle, table.valueType, table.rawKeys[i] ?? '', version);
      const request = aptos.getTableItem({
        handle: table.handle,
        data: { key_type: table.keyType, value_type: table.valueType, key },
        options: { ledgerVersion: version },
      });
      if (expected === undefined)
        await expect(request).rejects.toThrow(/table_item_not_found|Table Item not found|not found/i);
      else expect(await request).toEqual(expected);
    }
  });

  it('walks resources pages with the SDK cursor into exactly the full list', async () => {
    for (const address of ['0x1', info.samples.accounts[2] ?? '0xcafe']) {
      const all = await aptos.getAccountResources({ accountAddress: address });
      const stored = store.accountResources(
        parseAddress(address),
        BigInt(info.latestVersion),
        undefined,
        9999,
      ).resources;
      expect(all.map((r) => r.type)).toHaveLength(stored.length);
      const walked: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await aptos.getAccountResourcesPage({
          accountAddress: address,
          options: { limit: 2, ...(cursor ? { cursor } : {}) },
        });
        expect(page.resources.length).toBeLessThanOrEqual(2);
        walked.push(...page.resources.map((r) => r.type));
        cursor = page.cursor;
        pages += 1;
      } while (cursor);
      expect(walked).toEqual(all.map((r) => r.type));
      expect(pages).toBe(Math.max(1, Math.ceil(stored.length / 2)));
    }
  });

  it('gets the gas estimate the service computes, above the minimum after the full blocks', async () => {
    const estimate = await aptos.getGasPriceEstimation();
    const direct = await (await fetch(`${server.url}/v1/estimate_gas_price`)).json();
    expect(estimate).toEqual(direct);
    expect(estimate.prioritized_gas_estimate).toBeGreaterThan(100);
    expect(estimate.deprioritized_gas_estimate).toBeLessThanOrEqual(estimate.gas_estimate);
    expect(estimate.gas_estimate).toBeLessThanOrEqual(estimate.prioritized_gas_estimate ?? 0);
  });
});

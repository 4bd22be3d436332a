/**
 * The official TypeScript SDK (@aptos-labs/ts-sdk 5.1.4), unchanged, reading transactions and blocks from a real
 * `ledger-explorer serve --snapshot` process and from `serve --remote` in front of it: every value checked against
 * the store, and a user transaction's keys against a real mainnet reply (same key order).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../shared/hex.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { startServe, type ServeProcess } from '../remote/serve-process.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';

type Json = Readonly<Record<string, unknown>>;

const REAL = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'support', 'mainnet-user-transaction-3556737308.json'), 'utf8'),
) as Json;

let store: SnapshotStore;
let info: SnapshotInfo;
const processes: ServeProcess[] = [];
const clients: { name: string; aptos: Aptos }[] = [];
const dataDir = useTempDir('ledger-explorer-sdk-txns-');

beforeAll(async () => {
  store = SnapshotStore.open(fixturePath('main'));
  info = snapshotInfo(store, 5);
  const env = { ...process.env, LEDGER_EXPLORER_DATA_DIR: dataDir };
  const snapshot = await startServe(['--snapshot', fixturePath('main'), '--port', '0', '--ui', dataDir], env);
  processes.push(snapshot);
  const remote = await startServe(['--remote', `${snapshot.url}/v1`, '--port', '0', '--ui', dataDir], env);
  processes.push(remote);
  for (const [name, url] of [
    ['serve --snapshot', snapshot.url],
    ['serve --remote', remote.url],
  ] as const) {
    clients.push({ name, aptos: new Aptos(new AptosConfig({ network: Network.CUSTOM, fullnode: `${url}/v1` })) });
  }
}, 60_000);
afterAll(async () => {
  await Promise.all(processes.map((child) => child.stop()));
  store?.close();
});

describe('@aptos-labs/ts-sdk 5.1.4 reads transactions and blocks', () => {
  it('getTransactionByVersion, getTransactionByHash and waitForTransaction: the stored transaction', async () => {
    const sample = info.samples.transactions.feePayer ?? info.samples.transactions.user!;
    const stored = store.transaction(BigInt(sample.version))!;
    for (const { name, aptos } of clients) {
      const byVersion = (await aptos.getTransactionByVersion({ ledgerVersion: BigInt(sample.version) })) as Json;
      expect(Object.keys(byVersion), name).toEqual(Object.keys(REAL));
      expect(byVersion).toMatchObject({
        version: sample.version,
        hash: bytesToHex(stored.hash),
        success: stored.success,
        gas_used: stored.gasUsed.toString(),
        timestamp: stored.timestampUsec.toString(),
        type: 'user_transaction',
      });
      expect(await aptos.getTransactionByHash({ transactionHash: sample.hash }), name).toEqual(byVersion);
      const user = info.samples.transactions.user!;
      const waited = (await aptos.waitForTransaction({ transactionHash: user.hash })) as unknown as Json;
      expect(waited.version, name).toBe(user.version);
    }
  });

  it('getTransactions and getAccountTransactions page as the store orders them', async () => {
    const start = BigInt(info.samples.transactions.user!.version);
    const sender = store.transaction(start)!.sender!;
    for (const { name, aptos } of clients) {
      const page = (await aptos.getTransactions({ options: { offset: start, limit: 4 } })) as unknown as Json[];
      expect(
        page.map((txn) => [txn.version, txn.hash]),
        name,
      ).toEqual([0n, 1n, 2n, 3n].map((i) => [(start + i).toString(), bytesToHex(store.transaction(start + i)!.hash)]));
      const mine = (await aptos.getAccountTransactions({
        accountAddress: bytesToHex(sender),
        options: { limit: 3 },
      })) as unknown as Json[];
      const expected = store.accountTransactionVersions(sender, undefined, 3).map(String);
      expect(
        mine.map((txn) => txn.version),
        name,
      ).toEqual(expected);
    }
  });

  it('getBlockByHeight and getBlockByVersion, with and without transactions', async () => {
    const sample = info.samples.blocks[0]!;
    const stored = store.blockOfVersion(BigInt(sample.firstVersion))!;
    for (const { name, aptos } of clients) {
      const block = await aptos.getBlockByHeight({ blockHeight: BigInt(sample.height) });
      expect(block, name).toMatchObject({
        block_height: sample.height,
        block_timestamp: stored.timestampUsec.toString(),
        first_version: sample.firstVersion,
        last_version: sample.lastVersion,
      });
      const full = await aptos.getBlockByVersion({
        ledgerVersion: BigInt(sample.lastVersion),
        options: { withTransactions: true },
      });
      expect(full.block_hash, name).toBe(block.block_hash);
      expect(
        (full.transactions ?? []).map((txn) => (txn as unknown as Json).version),
        name,
      ).toEqual(
        Array.from({ length: Number(sample.lastVersion) - Number(sample.firstVersion) + 1 }, (_, i) =>
          String(Number(sample.firstVersion) + i),
        ),
      );
    }
  });
});

/**
 * The node's block reads (docs/api.md, "Transactions and blocks"): `GET /v1/blocks/by_height/{h}` and
 * `/by_version/{v}` with `with_transactions`, their field order, and the pruned / not-found answers.
 */
import { describe, expect, it } from 'vitest';
import { expectErrorRecord, expectLedgerHeaders, get, getJson, useContractServer } from './contract-support.ts';

const env = useContractServer('main');

type Json = Readonly<Record<string, unknown>>;
const BLOCK_KEYS = ['block_height', 'block_hash', 'block_timestamp', 'first_version', 'last_version', 'transactions'];

describe('GET /v1/blocks/by_height/{block_height} and /by_version/{version}', () => {
  it('answers the stored block in the node field order, transactions only when asked', async () => {
    for (const sample of env.info.samples.blocks) {
      const response = await get(env, `/v1/blocks/by_height/${sample.height}`);
      expect(response.status).toBe(200);
      expectLedgerHeaders(response.headers, env.info);
      const block = (await response.json()) as Json;
      expect(Object.keys(block)).toEqual(BLOCK_KEYS);
      const stored = env.store.blockOfVersion(BigInt(sample.firstVersion))!;
      expect(block).toMatchObject({
        block_height: sample.height,
        block_timestamp: stored.timestampUsec.toString(),
        first_version: sample.firstVersion,
        last_version: sample.lastVersion,
        transactions: null,
      });
      // The block hash is the id of its block metadata transaction.
      const metadata = await getJson<Json>(env, `/v1/transactions/by_version/${sample.firstVersion}`);
      expect(metadata.type).toBe('block_metadata_transaction');
      expect(block.block_hash).toBe(metadata.id);
      for (const version of [sample.firstVersion, sample.lastVersion]) {
        expect(await getJson<Json>(env, `/v1/blocks/by_version/${version}`)).toEqual(block);
      }
      const full = await getJson<Json>(env, `/v1/blocks/by_height/${sample.height}?with_transactions=true`);
      const transactions = full.transactions as Json[];
      expect(transactions.map((txn) => txn.version)).toEqual(
        Array.from({ length: Number(sample.lastVersion) - Number(sample.firstVersion) + 1 }, (_, i) =>
          String(Number(sample.firstVersion) + i),
        ),
      );
      expect(transactions[0]).toEqual(metadata);
      expect(await getJson<Json>(env, `/v1/blocks/by_height/${sample.height}?with_transactions=false`)).toEqual(block);
    }
  });

  it('answers 410/404 out of range, 400 for a bad number or a bad bool', async () => {
    const ledger = env.store.ledgerInfo();
    const above = ledger.blockHeight + 1n;
    expect(await expectErrorRecord(env, await get(env, `/v1/blocks/by_height/${above}`), 404, 'block_not_found')).toBe(
      `Block not found by Block height(${above})`,
    );
    if (ledger.oldestBlockHeight > 0n) {
      const below = ledger.oldestBlockHeight - 1n;
      const message = await expectErrorRecord(
        env,
        await get(env, `/v1/blocks/by_height/${below}`),
        410,
        'block_pruned',
      );
      expect(message).toContain(`Block(${below}) has been pruned`);
    }
    if (ledger.oldestLedgerVersion > 0n) {
      const below = ledger.oldestLedgerVersion - 1n;
      await expectErrorRecord(env, await get(env, `/v1/blocks/by_version/${below}`), 410, 'version_pruned');
    }
    const version = ledger.ledgerVersion + 1n;
    expect(
      await expectErrorRecord(env, await get(env, `/v1/blocks/by_version/${version}`), 404, 'version_not_found'),
    ).toBe(`Ledger version not found by Ledger version(${version})`);
    await expectErrorRecord(env, await get(env, '/v1/blocks/by_height/x'), 400, 'web_framework_error');
    const height = env.info.samples.blocks[0]!.height;
    await expectErrorRecord(
      env,
      await get(env, `/v1/blocks/by_height/${height}?with_transactions=yes`),
      400,
      'web_framework_error',
    );
  });
});

/**
 * `GET /v1/accounts/{address}/transactions?start&limit` (docs/api.md, "Transactions and blocks"): an account's
 * sequence-number transactions by sequence number, the newest page by default, orderless and pruned ones left out.
 */
import { Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import {
  BCS,
  bytesOf,
  expectErrorRecord,
  expectLedgerHeaders,
  get,
  getJson,
  useContractServer,
} from './contract-support.ts';

const env = useContractServer('main');

type Json = Readonly<Record<string, unknown>>;

/** The sender's sequence-number transactions in the store, ascending (from the summaries). */
function storedSequence(address: string): { version: string; sequence: string }[] {
  return env.store
    .transactionSummaries(parseAddress(address), { startVersion: 0n, endVersion: undefined, limit: 100_000 })
    .flatMap((summary) =>
      summary.replayProtector.type === 'sequence_number'
        ? [{ version: summary.version.toString(), sequence: summary.replayProtector.value.toString() }]
        : [],
    );
}

describe('GET /v1/accounts/{address}/transactions', () => {
  it('pages by sequence number: the newest page by default, start and limit', async () => {
    const oldest = BigInt(env.info.oldestVersion);
    let checked = 0;
    for (const { address } of env.info.samples.senders.slice(0, 3)) {
      const stored = storedSequence(address);
      const retained = stored.filter((txn) => BigInt(txn.version) >= oldest);
      if (retained.length < 3) continue;
      const newest = await getJson<Json[]>(env, `/v1/accounts/${address}/transactions?limit=2`);
      expect(newest.map((txn) => txn.version)).toEqual(stored.slice(-2).map((txn) => txn.version));
      for (const txn of newest) {
        expect(txn.type).toBe('user_transaction');
        expect(txn.sender).toBe(address);
      }
      const from = retained[0]!;
      const page = await getJson<Json[]>(env, `/v1/accounts/${address}/transactions?start=${from.sequence}&limit=3`);
      const at = stored.findIndex((txn) => txn.sequence === from.sequence);
      expect(page.map((txn) => txn.sequence_number)).toEqual(stored.slice(at, at + 3).map((txn) => txn.sequence));
      expect(page[0]).toEqual(await getJson<Json>(env, `/v1/transactions/by_version/${from.version}`));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('leaves pruned transactions out of a page instead of refusing it, as the node does', async () => {
    const oldest = BigInt(env.info.oldestVersion);
    const senders = env.info.samples.senders.map(({ address }) => ({ address, stored: storedSequence(address) }));
    // A sender whose first sequence numbers are pruned and later ones retained.
    const found = senders.find(({ stored }) => {
      const retained = stored.filter((txn) => BigInt(txn.version) >= oldest).length;
      return retained > 0 && retained < stored.length && stored[0]!.sequence === '0';
    });
    expect(found, 'a sample sender with pruned and retained transactions').toBeDefined();
    const { address, stored } = found!;
    const firstRetained = stored.findIndex((txn) => BigInt(txn.version) >= oldest);
    // A window straddling the oldest version: only its retained tail, in sequence order.
    const limit = Math.min(firstRetained + 3, 100);
    const response = await get(env, `/v1/accounts/${address}/transactions?start=0&limit=${limit}`);
    expect(response.status).toBe(200);
    expectLedgerHeaders(response.headers, env.info);
    expect(response.headers.get('x-aptos-cursor')).toBeNull();
    const page = (await response.json()) as Json[];
    const expected = stored.slice(0, limit).filter((txn) => BigInt(txn.version) >= oldest);
    expect(expected.length).toBeGreaterThan(0);
    expect(page.map((txn) => txn.version)).toEqual(expected.map((txn) => txn.version));
    expect(page.map((txn) => txn.sequence_number)).toEqual(expected.map((txn) => txn.sequence));
    // BCS lists the same transactions.
    const bcs = await get(env, `/v1/accounts/${address}/transactions?start=0&limit=${limit}`, BCS);
    expect(bcs.status).toBe(200);
    expect(new BcsReader(await bytesOf(bcs)).uleb128()).toBe(expected.length);
    // The official SDK reads the same page (offset = start).
    const aptos = new Aptos(new AptosConfig({ network: Network.CUSTOM, fullnode: `${env.server.url}/v1` }));
    const viaSdk = await aptos.getAccountTransactions({ accountAddress: address, options: { offset: 0, limit } });
    expect(viaSdk.map((txn) => ('version' in txn ? txn.version : undefined))).toEqual(
      expected.map((txn) => txn.version),
    );
    // A window wholly below the oldest version: an empty page, not 410.
    if (firstRetained > 0) {
      const none = await getJson<Json[]>(env, `/v1/accounts/${address}/transactions?start=0&limit=${firstRetained}`);
      expect(none).toEqual([]);
    }
  });

  it('leaves out orderless transactions', async () => {
    const orderless = env.info.samples.transactions.orderless;
    if (orderless === null) return;
    const txn = await getJson<Json>(env, `/v1/transactions/by_version/${orderless.version}`);
    const listed = await getJson<Json[]>(env, `/v1/accounts/${String(txn.sender)}/transactions?limit=100`);
    expect(listed.map((item) => item.version)).not.toContain(orderless.version);
  });

  it('answers [] past the last sequence number and for an account without transactions; 400s', async () => {
    const { address } = env.info.samples.senders[0]!;
    expect(await getJson<Json[]>(env, `/v1/accounts/${address}/transactions?start=99999999`)).toEqual([]);
    expect(await getJson<Json[]>(env, '/v1/accounts/0xdead/transactions')).toEqual([]);
    await expectErrorRecord(env, await get(env, `/v1/accounts/${address}/transactions?limit=0`), 400, 'invalid_input');
    await expectErrorRecord(env, await get(env, '/v1/accounts/0xzz/transactions'), 400, 'web_framework_error');
  });
});

/**
 * The transaction and block endpoints in BCS (docs/api.md, "BCS of transactions"): each body decoded strictly
 * (transaction-bcs-decoder.ts) and compared with the JSON reply of the same request — version, hash, gas, status,
 * events, write set, the info hashes —, the transaction hash recomputed from the `Transaction` bytes, the write set's
 * hash from its bytes, and a user transaction read back by the official TypeScript SDK's own deserializer.
 */
import { Deserializer, hashValues, SignedTransaction } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../../shared/hex.ts';
import { aptosHash } from '../../electron/snapshot/ledger-hashes.ts';
import { BCS, bytesOf, expectLedgerHeaders, get, getJson, useContractServer } from './contract-support.ts';
import {
  decodeAll,
  readBlock,
  readOnChain,
  readTransactionData,
  type DecodedOnChain,
} from './transaction-bcs-decoder.ts';

const env = useContractServer('main');

type Json = Readonly<Record<string, unknown>>;

/** The `Transaction` variant of each JSON `type`. */
const VARIANT: Readonly<Record<string, number>> = {
  user_transaction: 0,
  genesis_transaction: 1,
  block_metadata_transaction: 2,
  state_checkpoint_transaction: 3,
  block_epilogue_transaction: 6,
};

async function bcsOf(path: string): Promise<Uint8Array> {
  const response = await get(env, path, BCS);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/x-bcs');
  expectLedgerHeaders(response.headers, env.info);
  return bytesOf(response);
}

const hex = bytesToHex;

/** The BCS of one transaction agrees with its JSON. */
function expectAgrees(decoded: DecodedOnChain, json: Json): void {
  const version = BigInt(json.version as string);
  expect(decoded.version).toBe(version);
  expect(decoded.variant).toBe(VARIANT[json.type as string]);
  expect(hex(decoded.transactionHash)).toBe(json.hash);
  expect(decoded.gasUsed.toString()).toBe(json.gas_used);
  expect(decoded.status === 0).toBe(json.success);
  if (json.vm_status === 'Executed successfully') expect(decoded.status).toBe(0);
  else if (String(json.vm_status).startsWith('Move abort in ')) expect(decoded.status).toBe(2);
  expect(hex(decoded.eventRootHash)).toBe(json.event_root_hash);
  expect(hex(decoded.stateChangeHash)).toBe(json.state_change_hash);
  expect(decoded.stateCheckpointHash === undefined ? null : hex(decoded.stateCheckpointHash)).toBe(
    json.state_checkpoint_hash,
  );
  expect(hex(decoded.accumulatorRootHash)).toBe(json.accumulator_root_hash);
  expect(decoded.events).toBe(env.store.transactionEvents(version).length);
  if (Array.isArray(json.events)) expect(decoded.events).toBe(json.events.length);
  // The write set: one op per state key written (JSON expands a group into its members, so compare with the store).
  const ops = env.store.writeSet(version)!;
  expect(decoded.writeOps.map((op) => hex(op.key))).toEqual(ops.map((op) => hex(op.stateKey)));
  expect(decoded.writeOps.map((op) => op.op)).toEqual(
    ops.map((op) => (op.value === undefined ? 2 : op.existed ? 1 : 0)),
  );
  expect(hex(aptosHash('WriteSet', decoded.writeSetBytes))).toBe(json.state_change_hash);
  if (json.type === 'user_transaction') expect(decoded.sender).toBe(json.sender);
  // User and block metadata transactions carry their own hash (other kinds' hashes a generated ledger derives).
  if (decoded.variant === 0 || decoded.variant === 2)
    expect(hex(aptosHash('Transaction', decoded.transactionBytes))).toBe(json.hash);
}

describe('BCS of /v1/transactions/by_version, by_hash and wait_by_hash', () => {
  it('answers TransactionData::OnChain agreeing with the JSON, for every kind of the first blocks', async () => {
    const seen = new Set<number>();
    const last = Number(env.info.samples.blocks.at(-1)!.lastVersion);
    const first = Number(env.info.oldestVersion);
    for (let version = first; version <= Math.min(last, first + 40); version += 1) {
      const path = `/v1/transactions/by_version/${version}`;
      const decoded = decodeAll(await bcsOf(path), readTransactionData);
      expectAgrees(decoded, await getJson<Json>(env, path));
      seen.add(decoded.variant);
    }
    expect(seen).toContain(0);
    expect(seen).toContain(2);
  });

  it('answers each sampled user transaction (failed, orderless, fee payer, multi-agent) as its JSON says', async () => {
    for (const [name, sample] of Object.entries(env.info.samples.transactions)) {
      if (sample === null) continue;
      const path = `/v1/transactions/by_version/${sample.version}`;
      const bytes = await bcsOf(path);
      const decoded = decodeAll(bytes, readTransactionData);
      expectAgrees(decoded, await getJson<Json>(env, path));
      if (name === 'feePayer') expect(decoded.authenticator).toBe(3);
      if (name === 'multiAgent') expect(decoded.authenticator).toBe(2);
      if (name === 'failed') expect(decoded.status).toBe(2);
      expect(await bcsOf(`/v1/transactions/by_hash/${sample.hash}`)).toEqual(bytes);
      expect(await bcsOf(`/v1/transactions/wait_by_hash/${sample.hash}`)).toEqual(bytes);
    }
  });

  it("gives user transactions the SDK's own deserializer reads back to the same bytes and hash", async () => {
    const prefix = hashValues(['APTOS::Transaction']);
    let checked = 0;
    for (const sample of Object.values(env.info.samples.transactions)) {
      if (sample === null) continue;
      const json = await getJson<Json>(env, `/v1/transactions/by_version/${sample.version}`);
      const decoded = decodeAll(await bcsOf(`/v1/transactions/by_version/${sample.version}`), readTransactionData);
      const signedBytes = decoded.transactionBytes.subarray(1);
      const signed = SignedTransaction.deserialize(new Deserializer(signedBytes));
      expect(signed.bcsToBytes()).toEqual(signedBytes);
      const raw = signed.raw_txn;
      expect(BigInt(raw.sender.toString())).toBe(BigInt(String(json.sender)));
      expect(raw.max_gas_amount.toString()).toBe(json.max_gas_amount);
      expect(raw.gas_unit_price.toString()).toBe(json.gas_unit_price);
      expect(raw.expiration_timestamp_secs.toString()).toBe(json.expiration_timestamp_secs);
      expect(raw.sequence_number.toString()).toBe(json.sequence_number);
      expect(raw.chain_id.chainId).toBe(env.info.chainId);
      expect(hex(hashValues([prefix, new Uint8Array([0]), signed.bcsToBytes()]))).toBe(json.hash);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('BCS of transaction pages', () => {
  it('answers /v1/transactions as Vec<TransactionOnChainData>, the JSON page transaction by transaction', async () => {
    const start = BigInt(env.info.samples.transactions.user!.version);
    const path = `/v1/transactions?start=${start}&limit=5`;
    const page = decodeAll(await bcsOf(path), (r) => r.vector(readOnChain));
    const json = await getJson<Json[]>(env, path);
    expect(page).toHaveLength(json.length);
    page.forEach((decoded, i) => expectAgrees(decoded, json[i]!));
    const latest = decodeAll(await bcsOf('/v1/transactions'), (r) => r.vector(readOnChain));
    expect(latest.at(-1)!.version.toString()).toBe(env.info.latestVersion);
  });

  it("answers an account's transactions as Vec<TransactionOnChainData>", async () => {
    const { address } = env.info.samples.senders[0]!;
    const path = `/v1/accounts/${address}/transactions?limit=4`;
    const page = decodeAll(await bcsOf(path), (r) => r.vector(readOnChain));
    const json = await getJson<Json[]>(env, path);
    expect(page.map((txn) => txn.version.toString())).toEqual(json.map((txn) => txn.version));
    page.forEach((decoded, i) => expectAgrees(decoded, json[i]!));
    expect(decodeAll(await bcsOf('/v1/accounts/0xdead/transactions'), (r) => r.vector(readOnChain))).toEqual([]);
  });
});

describe('BCS of /v1/blocks', () => {
  it('answers BcsBlock, its transactions only with with_transactions=true, agreeing with the JSON', async () => {
    for (const sample of env.info.samples.blocks.slice(0, 3)) {
      for (const query of ['', '?with_transactions=true']) {
        const path = `/v1/blocks/by_height/${sample.height}${query}`;
        const block = decodeAll(await bcsOf(path), readBlock);
        const json = await getJson<Json>(env, path);
        expect(block.height.toString()).toBe(json.block_height);
        expect(hex(block.hash)).toBe(json.block_hash);
        expect(block.timestamp.toString()).toBe(json.block_timestamp);
        expect(block.firstVersion.toString()).toBe(json.first_version);
        expect(block.lastVersion.toString()).toBe(json.last_version);
        if (query === '') {
          expect(block.transactions).toBeUndefined();
          continue;
        }
        const transactions = json.transactions as Json[];
        expect(block.transactions).toHaveLength(transactions.length);
        block.transactions!.forEach((decoded, i) => expectAgrees(decoded, transactions[i]!));
        // Checkpoints and epilogues name their block: the block metadata id.
        for (const decoded of block.transactions!) {
          const at = decoded.variant === 3 ? 1 : 2;
          if (decoded.variant === 3 || decoded.variant === 6)
            expect(hex(decoded.transactionBytes.subarray(at, at + 32))).toBe(json.block_hash);
        }
        const byVersion = `/v1/blocks/by_version/${sample.lastVersion}${query}`;
        expect(await bcsOf(byVersion)).toEqual(await bcsOf(path));
      }
    }
  });
});

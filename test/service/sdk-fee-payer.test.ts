/**
 * A fee-payer transaction as the official TypeScript SDK (@aptos-labs/ts-sdk, unchanged) sees it through `serve`:
 * `getAccountAPTAmount` of the sender and of the fee payer on the chain just before the transaction and on the
 * chain that ends with it. The sender loses exactly the amount it transfers, the fee payer exactly the fee
 * (gas used × gas unit price) — the generator once forgot to debit such a sender (issue 29). The two chains are
 * copies of the generated `main` fixture cut at version V − 1 and V, each served by a real `serve` process.
 */
import { Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAddress, parseAddress } from '../../shared/address.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { useEditedCopies } from '../snapshot/edited-copies.ts';
import { startServe, type ServeProcess } from '../remote/serve-process.ts';

/** An edit that makes a snapshot end at `version`: later rows removed, the last block cut there. */
const endAt =
  (version: number) =>
  (db: Database.Database): void => {
    for (const table of ['transactions', 'transaction_details', 'events', 'module_events', 'state_values', 'modules'])
      db.prepare(`DELETE FROM ${table} WHERE version > ?`).run(version);
    db.prepare('DELETE FROM account_transactions WHERE version > ?').run(version);
    db.prepare('DELETE FROM accounts WHERE created_version > ?').run(version);
    db.prepare('DELETE FROM table_info WHERE created_version > ?').run(version);
    db.prepare('DELETE FROM blocks WHERE first_version > ?').run(version);
    db.prepare('UPDATE blocks SET last_version = ? WHERE last_version > ?').run(version, version);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'latest_version'").run(String(version));
  };

interface FeePayerTransfer {
  readonly version: number;
  readonly sender: string;
  readonly feePayer: string;
  readonly receiver: string;
}

/** A retained, successful fee-payer APT transfer between three different accounts. */
function feePayerTransfer(store: SnapshotStore): FeePayerTransfer {
  const rows = store.database
    .prepare(
      `SELECT t.version, t.sender, d.fee_payer, d.payload FROM transactions t
       JOIN transaction_details d ON d.version = t.version
       WHERE t.kind = 'user' AND t.success = 1 AND d.fee_payer IS NOT NULL AND t.version > ?
         AND t.entry_function IN ('0x1::aptos_account::transfer', '0x1::coin::transfer') ORDER BY t.version`,
    )
    .all(store.meta.oldestVersion) as { version: number; sender: Uint8Array; fee_payer: Uint8Array; payload: string }[];
  for (const row of rows) {
    const receiver = String((JSON.parse(row.payload) as { arguments: unknown[] }).arguments[0]);
    const [sender, feePayer] = [formatAddress(row.sender), formatAddress(row.fee_payer)];
    if (new Set([sender, feePayer, formatAddress(parseAddress(receiver))]).size === 3)
      return { version: row.version, sender, feePayer, receiver };
  }
  throw new Error('the fixture has no fee-payer transfer between three accounts');
}

describe('@aptos-labs/ts-sdk: balances around a fee-payer transaction', () => {
  const ui = useTempDir('ledger-explorer-sdk-fee-payer-');
  const { editedCopy } = useEditedCopies('sdk-fee-payer-');
  let txn: FeePayerTransfer;
  let before: ServeProcess;
  let after: ServeProcess;
  beforeAll(async () => {
    const store = SnapshotStore.open(fixturePath('main'));
    try {
      txn = feePayerTransfer(store);
    } finally {
      store.close();
    }
    const serve = (path: string): Promise<ServeProcess> =>
      startServe(['--snapshot', path, '--port', '0', '--ui', ui, '--no-cache']);
    [before, after] = await Promise.all([
      serve(editedCopy(endAt(txn.version - 1), fixturePath('main'))),
      serve(editedCopy(endAt(txn.version), fixturePath('main'))),
    ]);
  });
  afterAll(async () => {
    await Promise.all([before?.stop(), after?.stop()]);
  });

  const client = (serve: ServeProcess): Aptos =>
    new Aptos(new AptosConfig({ network: Network.CUSTOM, fullnode: `${serve.url}/v1` }));

  it('getAccountAPTAmount: the sender loses the amount it sent, the fee payer the fee', async () => {
    const [was, is] = [client(before), client(after)];
    expect((await was.getLedgerInfo()).ledger_version).toBe(String(txn.version - 1));
    expect((await is.getLedgerInfo()).ledger_version).toBe(String(txn.version));
    const sent = await is.getTransactionByVersion({ ledgerVersion: txn.version });
    if (sent.type !== 'user_transaction') throw new Error(`version ${txn.version} is a ${sent.type}`);
    expect(sent.success).toBe(true);
    const amount = BigInt(String((sent.payload as { arguments: unknown[] }).arguments[1]));
    const fee = BigInt(sent.gas_used) * BigInt(sent.gas_unit_price);
    expect(amount).toBeGreaterThan(0n);
    expect(fee).toBeGreaterThan(0n);
    const apt = async (aptos: Aptos, account: string): Promise<bigint> =>
      BigInt(await aptos.getAccountAPTAmount({ accountAddress: account }));
    expect((await apt(was, txn.sender)) - (await apt(is, txn.sender))).toBe(amount);
    expect((await apt(was, txn.feePayer)) - (await apt(is, txn.feePayer))).toBe(fee);
    expect((await apt(is, txn.receiver)) - (await apt(was, txn.receiver))).toBe(amount);
  });
});

/**
 * What the BCS of a transaction cannot carry (docs/api.md, deviation 8): a user transaction signed by a scheme a
 * snapshot does not encode answers 500 `internal_error` in BCS (its JSON is still served), and the endpoints that
 * hold it — a page, its block with transactions — fail the same way rather than send a partial body. The snapshot
 * is a copy of the small fixture with one transaction's signature edited to a single-key one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { useEditedCopies } from '../snapshot/edited-copies.ts';
import { BCS, expectRecord } from './contract-support.ts';

const { editedCopy } = useEditedCopies('transaction-bcs-errors-');
let store: SnapshotStore;
let server: RunningHttpServer;
let version: number;
let block: number;

beforeAll(async () => {
  const path = editedCopy((db) => {
    const row = db
      .prepare(
        `SELECT d.version, t.block_height FROM transaction_details d JOIN transactions t ON t.version = d.version
         WHERE d.signature_kind = 'ed25519_signature' ORDER BY d.version DESC LIMIT 1`,
      )
      .get() as { version: number; block_height: number };
    version = row.version;
    block = row.block_height;
    const signature = { sender: { type: 'single_key_signature' }, type: 'single_sender' };
    db.prepare("UPDATE transaction_details SET signature = ?, signature_kind = 'single_sender' WHERE version = ?").run(
      JSON.stringify(signature),
      version,
    );
  });
  store = SnapshotStore.open(path);
  server = await startHttpServer({ handler: createReadService({ store }), port: 0 });
});

afterAll(async () => {
  await server?.close();
  store?.close();
});

async function expectInternalError(path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, { headers: BCS });
  expect(response.status, path).toBe(500);
  return expectRecord(await response.json(), 'internal_error');
}

describe('a transaction whose signature scheme a snapshot does not encode', () => {
  it('answers JSON, and 500 internal_error naming the scheme in BCS (alone, in a page, in its block)', async () => {
    const json = await fetch(`${server.url}/v1/transactions/by_version/${version}`);
    expect(json.status).toBe(200);
    expect(((await json.json()) as { signature: { type: string } }).signature.type).toBe('single_sender');
    expect(await expectInternalError(`/v1/transactions/by_version/${version}`)).toBe(
      `Transaction ${version} cannot be encoded as BCS: single_sender signature scheme`,
    );
    await expectInternalError(`/v1/transactions?start=${version}&limit=1`);
    await expectInternalError(`/v1/blocks/by_height/${block}?with_transactions=true`);
    const withoutTransactions = await fetch(`${server.url}/v1/blocks/by_height/${block}`, { headers: BCS });
    expect(withoutTransactions.status).toBe(200);
    const before = await fetch(`${server.url}/v1/transactions/by_version/${version - 1}`, { headers: BCS });
    expect(before.status).toBe(200);
  });
});

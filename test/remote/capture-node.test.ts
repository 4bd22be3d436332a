/**
 * Capturing from a node that has no explorer API (the fake node answers like a real one): the
 * block and the transaction at the captured version come from the node's `by_version` endpoints,
 * modules come in cursor pages, and the capture serves the node's resource as the node did.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { parseStructTag, writeStructTag } from '../../shared/type-tag.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { createRemoteService } from '../../electron/service/remote/remote-service.ts';
import { captureLedger } from '../../electron/snapshot/capture/capture-ledger.ts';
import { writeCapture } from '../../electron/snapshot/capture/write-capture.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { verifySnapshot } from '../../electron/snapshot/snapshot-verify.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { NODE_LEDGER_HEADERS, sendJson, useFakeNode } from './fake-node.ts';

const dir = useTempDir();
const node = useFakeNode();
const LEDGER = {
  chain_id: 2,
  epoch: '3',
  ledger_version: '1000',
  oldest_ledger_version: '10',
  ledger_timestamp: '99',
  node_role: 'full_node',
  oldest_block_height: '5',
  block_height: '400',
};
const struct = (name: string): unknown => ({
  name,
  is_native: false,
  abilities: ['key'],
  generic_type_params: [],
  fields: [{ name: 'value', type: 'u64' }],
});
const moduleJson = (name: string): unknown => ({
  bytecode: '0xa11ceb0b',
  abi: { address: '0x1', name, friends: [], exposed_functions: [], structs: [struct('R')] },
});

function bcs(res: Parameters<typeof sendJson>[0], bytes: Uint8Array, extra: Record<string, string> = {}): void {
  res.writeHead(200, { 'Content-Type': 'application/x-bcs', ...NODE_LEDGER_HEADERS, ...extra });
  res.end(bytes);
}

describe('capture from a node without the explorer API', () => {
  it('takes block and transaction from by_version, follows module pages, and serves what the node served', async () => {
    const resourceMap = new BcsWriter().uleb128(1);
    writeStructTag(resourceMap, parseStructTag('0x1::m::R'));
    resourceMap.bytes(new BcsWriter().u64(5n).toBytes());
    node.behave((req, res) => {
      const url = req.url ?? '';
      if (url.startsWith('/explorer/'))
        return sendJson(res, 404, { message: 'not found', error_code: 'web_framework_error', vm_error_code: null });
      if (url === '/v1') return sendJson(res, 200, LEDGER);
      if (url.startsWith('/v1/accounts/0x1/resources')) return bcs(res, resourceMap.toBytes());
      if (url === '/v1/accounts/0x1/modules?ledger_version=1000')
        return sendJson(res, 200, [moduleJson('m')], { 'X-Aptos-Cursor': 'next' });
      if (url === '/v1/accounts/0x1/modules?ledger_version=1000&start=next')
        return sendJson(res, 200, [moduleJson('other')]);
      if (url.startsWith('/v1/accounts/0x1/transaction_summaries')) return bcs(res, new Uint8Array([0]));
      if (url === '/v1/blocks/by_version/1000')
        return sendJson(res, 200, {
          block_height: '400',
          block_hash: `0x${'ab'.repeat(32)}`,
          block_timestamp: '123',
          first_version: '990',
          last_version: '1000',
        });
      if (url === '/v1/transactions/by_version/1000')
        // A whole block epilogue as a node sends it: the proxy checks a known kind's fields (shared/api/wire/).
        return sendJson(res, 200, {
          type: 'block_epilogue_transaction',
          version: '1000',
          hash: `0x${'cd'.repeat(32)}`,
          state_change_hash: `0x${'00'.repeat(32)}`,
          event_root_hash: `0x${'00'.repeat(32)}`,
          state_checkpoint_hash: `0x${'ef'.repeat(32)}`,
          gas_used: '0',
          success: true,
          vm_status: 'Executed successfully',
          accumulator_root_hash: `0x${'12'.repeat(32)}`,
          changes: [],
          timestamp: '123',
          block_end_info: null,
        });
      return sendJson(res, 404, { message: `no ${url}`, error_code: 'web_framework_error', vm_error_code: null });
    });
    const remote = createRemoteService({ baseUrl: node.url, retryBaseDelayMs: 1 });
    const lines: string[] = [];
    const data = await captureLedger(
      { fetch: remote, baseUrl: 'http://127.0.0.1/v1', nodeUrl: node.url },
      { accounts: ['0x1'], onProgress: (line) => lines.push(line) },
    );
    expect(lines[0]).toBe(`capturing 1 account(s) from ${node.url} at version 1000 (chain id 2)`);
    expect(data.modules.map((module) => module.name)).toEqual(['m', 'other']);
    expect(data.block).toEqual({
      height: 400n,
      epoch: 3n,
      firstVersion: 990n,
      lastVersion: 1000n,
      timestampUsec: 123n,
    });
    const out = join(dir, 'node.db');
    writeCapture(data, out);
    const store = SnapshotStore.open(out);
    try {
      expect(verifySnapshot(store).problems).toEqual([]);
      expect(store.ledgerInfo()).toEqual(
        expect.objectContaining({
          chainId: 2,
          ledgerVersion: 1000n,
          oldestLedgerVersion: 1000n,
          blockHeight: 400n,
          epoch: 3n,
          ledgerTimestampUsec: 123n,
        }),
      );
      const row = store.database.prepare('SELECT kind, hex(hash) AS hash FROM transactions WHERE version = 1000').get();
      expect(row).toEqual({ kind: 'block_epilogue', hash: 'CD'.repeat(32) });
      const served = await createReadService({ store })(new Request('http://127.0.0.1/v1/accounts/0x1/resources'));
      expect(await served.json()).toEqual([{ type: '0x1::m::R', data: { value: '5' } }]);
      expect(store.origin()).toEqual(
        expect.objectContaining({ node_url: node.url, chain_id: 2, ledger_version: '1000' }),
      );
    } finally {
      store.close();
    }
  });
});

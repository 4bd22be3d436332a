/**
 * A healthy node for the remote load benchmark, on 127.0.0.1 in its own process: `GET /v1` answers the
 * ledger info and `GET /v1/accounts/{a}` an account, with a node's ledger headers, after `cpuMs` of computing
 * (a node reading its database) and `delayMs` of waiting. Nothing else: it stands for a node that keeps up.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendJson } from '../remote/fake-node.ts';

const LEDGER = {
  chain_id: 2,
  epoch: '3',
  ledger_version: '1000',
  oldest_ledger_version: '10',
  ledger_timestamp: '1700000000000000',
  node_role: 'full_node',
  oldest_block_height: '5',
  block_height: '400',
  git_hash: '0000000000000000000000000000000000000000',
};
const ACCOUNT = { sequence_number: '7', authentication_key: `0x${'00'.repeat(32)}` };

/** The running node: its base URL (ends in /v1), its process id and stop. */
export interface LoadNode {
  readonly url: string;
  readonly pid: number | undefined;
  close(): Promise<void>;
}

/** Starts the node in a child process. */
export async function forkLoadNode(delayMs: number, cpuMs: number): Promise<LoadNode> {
  const child = fork(import.meta.filename, ['--serve', String(delayMs), String(cpuMs)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve(String(message)));
    child.once('exit', (code) => reject(new Error(`load node exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

if (process.argv[2] === '--serve' && process.send) {
  const delayMs = Number(process.argv[3] ?? '0');
  const cpuMs = Number(process.argv[4] ?? '0');
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const account = /^\/v1\/accounts\/0x[0-9a-f]+$/.test(req.url ?? '');
      const answer = (): void => {
        const until = performance.now() + cpuMs;
        while (performance.now() < until);
        if (account || req.url === '/v1') sendJson(res, 200, account ? ACCOUNT : LEDGER);
        else sendJson(res, 404, { message: 'not found', error_code: 'web_framework_error', vm_error_code: null });
      };
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  // Well above the load's 200 connections plus a proxy's: the node never refuses one.
  server.maxConnections = 2_000;
  server.listen(0, '127.0.0.1', () => {
    process.send?.(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
  });
}

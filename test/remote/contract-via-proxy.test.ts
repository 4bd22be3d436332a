/**
 * The acceptance of the remote source: the service contract suite, unchanged, against the proxy
 * (`createRemoteService` over real HTTP) in front of a snapshot server (real HTTP). Every contract
 * file is loaded here after switching the shared setup to the proxy, so each of its tests runs
 * once more through the proxy.
 */
import { describe } from 'vitest';
import { runContractsThroughProxy } from '../service/contract-support.ts';

runContractsThroughProxy();

describe('through the remote proxy: conventions', async () => {
  await import('../service/contract-conventions.test.ts');
});
describe('through the remote proxy: versions', async () => {
  await import('../service/contract-versions.test.ts');
});
describe('through the remote proxy: resources', async () => {
  await import('../service/contract-resources.test.ts');
});
describe('through the remote proxy: table items', async () => {
  await import('../service/contract-table-items.test.ts');
});
describe('through the remote proxy: node listings', async () => {
  await import('../service/contract-node-listings.test.ts');
});
describe('through the remote proxy: explorer', async () => {
  await import('../service/contract-explorer.test.ts');
});
describe('through the remote proxy: accounts', async () => {
  await import('../service/contract-account.test.ts');
});
describe('through the remote proxy: explorer extras', async () => {
  await import('../service/contract-explorer-extras.test.ts');
});

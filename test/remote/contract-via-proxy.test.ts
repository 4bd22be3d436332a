/**
 * The acceptance of the remote source (issue 10): the service contract suite, unchanged, against
 * `ledger-explorer serve --remote http://127.0.0.1:P/v1` in front of another `ledger-explorer serve`
 * (both real processes). Every `test/service/contract-*.test.ts` file is loaded here after switching
 * the shared setup to the proxy, so each of its tests runs once more through the proxy.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runContractsThroughProxy } from '../service/contract-support.ts';

runContractsThroughProxy();

const folder = join(import.meta.dirname, '..', 'service');
const files = readdirSync(folder)
  .filter((name) => /^contract-.*\.test\.ts$/.test(name))
  .sort();

it('finds the contract suite', () => {
  expect(files.length).toBeGreaterThanOrEqual(6);
});

for (const file of files) {
  describe(`through the remote proxy: ${file}`, async () => {
    await import(pathToFileURL(join(folder, file)).href);
  });
}

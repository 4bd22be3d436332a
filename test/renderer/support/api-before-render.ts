/**
 * Reads the real read service before the app is rendered (a test needs a version or an address to
 * build the path it opens), through the same fetch routing the app uses.
 */
import { expect } from 'vitest';
import type { FixtureName } from '../../support/fixtures.ts';
import { routeFetchInto, serviceFixture } from './service-fetch.ts';

/** `GET path` from fixture `name`'s read service; fails the test unless the answer is 200. */
export async function apiJson<T>(path: string, name: FixtureName = 'small'): Promise<T> {
  const restore = routeFetchInto(serviceFixture(name));
  try {
    const response = await fetch(path);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  } finally {
    restore();
  }
}

/** The ledger as `GET /v1` answers it. */
export interface LedgerJson {
  readonly chain_id: number;
  readonly ledger_version: string;
  readonly oldest_ledger_version: string;
  readonly block_height: string;
  readonly epoch: string;
}

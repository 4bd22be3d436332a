/**
 * The account compare page's summary speaks of one resource in the singular and of several in the
 * plural. Accounts, versions and resources come from the API (the sampled accounts, the versions of
 * their transaction summaries and events, and their resources just before and at each).
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture, withApi } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import { allResourcePages } from '../../../renderer/api/queries/resource-pages.ts';
import type { LedgerInfoJson, MoveResourceJson } from '../../../renderer/api/types.ts';

interface Pair {
  readonly address: string;
  readonly from: string;
  readonly to: string;
  /** Types whose data differ, or that exist at one version only. */
  readonly differing: readonly string[];
}

function resourcesAt(address: string, version: string): Promise<readonly MoveResourceJson[]> {
  return withApi(() => allResourcePages(address, version, 1000));
}

/** The resources of `address` that differ between the versions just before and at each of `versions`. */
async function pairs(address: string, versions: readonly string[]): Promise<Pair[]> {
  const out: Pair[] = [];
  for (const version of versions) {
    const from = (BigInt(version) - 1n).toString();
    const before = new Map((await resourcesAt(address, from)).map((r) => [r.type, JSON.stringify(r.data)]));
    const after = new Map((await resourcesAt(address, version)).map((r) => [r.type, JSON.stringify(r.data)]));
    const types = new Set([...before.keys(), ...after.keys()]);
    const differing = [...types].filter((t) => before.get(t) !== after.get(t));
    out.push({ address, from, to: version, differing });
  }
  return out;
}

/** Versions that touched `address`: its own transactions, and events on its streams (e.g. deposits sent by others). */
async function versionsOf(address: string): Promise<string[]> {
  const sent = (
    await withApi(() =>
      requestJson<{ version: string }[]>(`/v1/accounts/${address}/transaction_summaries`, { query: { limit: '5' } }),
    )
  ).body;
  const versions = sent.map((t) => t.version);
  for (const stream of serviceFixture('main').info.samples.eventStreams.filter((e) => e.address === address)) {
    const events = (
      await withApi(() =>
        requestJson<{ version: string }[]>(`/v1/accounts/${address}/events/${stream.creationNumber}`, {
          query: { limit: '5' },
        }),
      )
    ).body;
    versions.push(...events.map((e) => e.version));
  }
  // The version before each must still be readable (not before the oldest the source keeps).
  const oldest = BigInt((await withApi(() => requestJson<LedgerInfoJson>('/v1'))).body.oldest_ledger_version);
  return [...new Set(versions)].filter((v) => BigInt(v) > oldest);
}

describe('account compare page', () => {
  it('says "1 resource differs" for one and "N resources differ" for several', async () => {
    const candidates: Pair[] = [];
    for (const address of serviceFixture('main').info.samples.accounts.slice(0, 4)) {
      candidates.push(...(await pairs(address, await versionsOf(address))));
      if (candidates.some((p) => p.differing.length === 1) && candidates.some((p) => p.differing.length > 1)) break;
    }
    const one = candidates.find((p) => p.differing.length === 1);
    const several = candidates.find((p) => p.differing.length > 1);
    expect(one).toBeDefined();
    expect(several).toBeDefined();

    const first = renderApp(`/accounts/${one!.address}/compare?from=${one!.from}&to=${one!.to}`);
    const summary = await screen.findByText(/between versions/, {}, { timeout: 10_000 });
    expect(summary.textContent).toMatch(
      new RegExp(`^1 resource differs between versions ${one!.from} and ${one!.to};`),
    );
    first.unmount();

    renderApp(`/accounts/${several!.address}/compare?from=${several!.from}&to=${several!.to}`);
    const many = await screen.findByText(/between versions/, {}, { timeout: 10_000 });
    expect(many.textContent).toMatch(new RegExp(`^${several!.differing.length} resources differ between versions`));
  });
});

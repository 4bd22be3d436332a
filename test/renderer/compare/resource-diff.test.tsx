/**
 * Comparing at two versions over the real read service: JSON is diffed field by field, and the
 * compare page lists an account's resources whose fields changed between two versions, with both
 * values.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture, withApi } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { LedgerInfoJson, MoveResourceJson } from '../../../renderer/api/types.ts';
import { diffJson } from '../../../renderer/lib/json-diff.ts';
import { diffResources } from '../../../renderer/features/compare/resource-diff.ts';

describe('compare', () => {
  it('diffs JSON field by field', () => {
    const entries = diffJson({ a: '1', b: { c: [1, 2] }, gone: true }, { a: '2', b: { c: [1, 2, 3] }, added: 'x' });
    expect(entries.map((e) => [e.path.join('.'), e.kind])).toEqual([
      ['a', 'changed'],
      ['b.c.0', 'unchanged'],
      ['b.c.1', 'unchanged'],
      ['b.c.2', 'added'],
      ['gone', 'removed'],
      ['added', 'added'],
    ]);
    expect(entries.find((e) => e.path.join('.') === 'a')).toMatchObject({ before: '1', after: '2' });
  });

  it('shows the account resources that changed between two versions, with both values', async () => {
    const fixture = serviceFixture('main');
    const address = fixture.info.samples.senders[0]!.address;
    const ledger = (await withApi(() => requestJson<LedgerInfoJson>('/v1'))).body;
    const from = ledger.oldest_ledger_version;
    const to = ledger.ledger_version;
    const read = (version: string) =>
      withApi(() =>
        requestJson<MoveResourceJson[]>(`/v1/accounts/${address}/resources`, {
          query: { ledger_version: version, limit: 1000 },
        }),
      );
    const changes = diffResources((await read(from)).body, (await read(to)).body).filter((c) => c.kind === 'changed');
    expect(changes.length).toBeGreaterThan(0);
    renderApp(`/accounts/${address}/compare?from=${from}&to=${to}`);
    for (const change of changes) {
      const block = await screen.findByRole('region', { name: `${change.type} changed` }, { timeout: 10_000 });
      for (const field of change.fields.filter((f) => f.kind === 'changed')) {
        const row = within(block).getByText(field.path.join('.')).closest('tr');
        expect(row?.querySelector('.diff-before')?.textContent).toBe(String(field.before));
        expect(row?.querySelector('.diff-after')?.textContent).toBe(String(field.after));
      }
    }
  });
});

/**
 * The owner history (renderer/features/token/owner-history.ts) from owner-changing activities shaped as
 * `/v1/graphql` answers `token_activities_v2`, newest first: a mint gives the token to `from_address`, a transfer to
 * `to_address`, a burn ends the last holding; a history whose oldest indexed event is a transfer starts with its
 * sender, held since before the indexer's rows, only once no older page is left.
 */
import { describe, expect, it } from 'vitest';
import type { TokenActivityRow } from '../../../renderer/api/queries/token-page-queries.ts';
import { ownerHistory } from '../../../renderer/features/token/owner-history.ts';

const A = `0x${'a'.repeat(64)}`;
const B = `0x${'b'.repeat(64)}`;
const C = `0x${'c'.repeat(64)}`;

function event(version: number, type: string, from: string | null, to: string | null, index = 0): TokenActivityRow {
  return {
    transaction_version: version,
    event_index: index,
    type,
    from_address: from,
    to_address: to,
    token_amount: '1',
    before_value: null,
    after_value: null,
    entry_function_id_str: null,
    transaction_timestamp: '2024-06-01T00:00:00',
  };
}

describe('ownerHistory', () => {
  it('mint then transfers: each holding from its event until the next, the newest still held', () => {
    const events = [
      event(30, '0x1::object::Transfer', B, C),
      event(20, '0x1::object::Transfer', A, B),
      event(10, '0x4::collection::Mint', A, null),
    ];
    expect(ownerHistory(events, true)).toEqual([
      { owner: C, from: '30', how: 'transfer', until: undefined, burned: false },
      { owner: B, from: '20', how: 'transfer', until: '30', burned: false },
      { owner: A, from: '10', how: 'mint', until: '20', burned: false },
    ]);
  });

  it('a burn ends the newest holding; a mint and transfer in one transaction keep event order', () => {
    const events = [
      event(40, '0x4::collection::Burn', B, null),
      event(20, '0x1::object::Transfer', A, B, 3),
      event(20, '0x4::collection::MintEvent', A, null, 1),
    ];
    expect(ownerHistory(events, true)).toEqual([
      { owner: B, from: '20', how: 'transfer', until: '40', burned: true },
      { owner: A, from: '20', how: 'mint', until: '20', burned: false },
    ]);
  });

  it('an oldest transfer with no mint indexed: its sender held it before, once every page is read', () => {
    const events = [event(50, '0x1::object::TransferEvent', A, B)];
    expect(ownerHistory(events, false)).toEqual([
      { owner: B, from: '50', how: 'transfer', until: undefined, burned: false },
    ]);
    expect(ownerHistory(events, true)).toEqual([
      { owner: B, from: '50', how: 'transfer', until: undefined, burned: false },
      { owner: A, from: undefined, how: 'before', until: '50', burned: false },
    ]);
  });

  it('mutations do not change the owner', () => {
    const events = [event(60, '0x4::token::MutationEvent', A, null), event(10, '0x4::collection::Mint', A, null)];
    expect(ownerHistory(events, true)).toEqual([
      { owner: A, from: '10', how: 'mint', until: undefined, burned: false },
    ]);
  });
});

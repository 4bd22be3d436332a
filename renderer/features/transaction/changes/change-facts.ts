/**
 * What the source itself says of each change, read once for the whole transaction: on a source with the explorer API
 * (`GET /explorer/v1/transactions/by_version/{v}/changes`) every change's resource group, whether it existed at
 * V − 1, and its values before and after — so no line re-hashes state keys or asks the node once per change. On a
 * remote node (no explorer API) the lines walk the node as before (change-queries.ts). Both give the same page.
 */
import { useMemo } from 'react';
import * as v from 'valibot';
import { useQuery } from '@tanstack/react-query';
import { normalizeAddress } from '../../../../shared/address.ts';
import { assertNever } from '../../../../shared/assert-never.ts';
import { hexToBytes } from '../../../../shared/hex.ts';
import { moveResource } from '../../../../shared/api/wire-schemas.ts';
import { transactionChangesQuery, type ChangeFactsJson } from '../../../api/queries/change-queries.ts';
import type { MoveResourceJson } from '../../../api/types.ts';

/** Where the changes' facts come from: still being read, the explorer's answer, or the node walked per change. */
export type FactsSource =
  | { readonly kind: 'pending' }
  | { readonly kind: 'explorer'; readonly byKey: ReadonlyMap<string, ChangeFactsJson> }
  | { readonly kind: 'node' };

const PENDING: FactsSource = { kind: 'pending' };
const NODE: FactsSource = { kind: 'node' };

function short(address: string): string {
  try {
    return normalizeAddress(address);
  } catch {
    return address;
  }
}

/** The lookup key of a resource, group member or deleted group (`type`: its struct tag, a group's tag). */
export function resourceFactsKey(address: string, type: string): string {
  return `resource ${short(address)} ${type}`;
}

/** The lookup key of a table item. */
export function tableItemFactsKey(handle: string, keyHex: string): string {
  return `table ${handle.toLowerCase()} ${keyHex.toLowerCase()}`;
}

/** The lookup key of a module. */
export function moduleFactsKey(address: string, name: string): string {
  return `module ${short(address)} ${name}`;
}

function keyOf(facts: ChangeFactsJson): string | undefined {
  switch (facts.type) {
    case 'write_resource':
    case 'delete_resource':
      return facts.address === null || facts.resource === null
        ? undefined
        : resourceFactsKey(facts.address, facts.resource);
    case 'write_table_item':
    case 'delete_table_item':
      return facts.handle === null || facts.key === null ? undefined : tableItemFactsKey(facts.handle, facts.key);
    case 'write_module':
    case 'delete_module': {
      const name = facts.module?.split('::')[1];
      return facts.address === null || name === undefined ? undefined : moduleFactsKey(facts.address, name);
    }
    default:
      return assertNever(facts.type);
  }
}

/** The section's facts source for transaction `version` (one explorer read, shared by every line). */
export function useFactsSource(version: string): FactsSource {
  const query = useQuery(transactionChangesQuery(version));
  const { isPending, isError, data } = query;
  return useMemo(() => {
    if (isPending) return PENDING;
    // Without the explorer API — or when its read failed — the lines read what they need from the node.
    if (isError || data === null || data === undefined) return NODE;
    const byKey = new Map<string, ChangeFactsJson>();
    for (const facts of data.changes) {
      const key = keyOf(facts);
      if (key !== undefined) byKey.set(key, facts);
    }
    return { kind: 'explorer', byKey };
  }, [isPending, isError, data]);
}

/**
 * One change's facts: the explorer's entry, 'pending' while it is read, or undefined when the line must walk the
 * node (no explorer API, or the explorer does not list this change).
 */
export function factsFor(source: FactsSource, key: string): ChangeFactsJson | 'pending' | undefined {
  if (source.kind === 'pending') return 'pending';
  return source.kind === 'explorer' ? source.byKey.get(key) : undefined;
}

/** The resource before (JSON) the explorer read: null when absent then; undefined when it could not say. */
export function resourceBefore(facts: ChangeFactsJson): MoveResourceJson | null | undefined {
  if (facts.existed_before === false) return null;
  // Existed, but not rendered (no layout at V − 1): the node's own read has to say.
  if (facts.existed_before !== true || !v.is(moveResource, facts.before)) return undefined;
  return facts.before;
}

/** Bytes the explorer read (`before_bcs`/`after_bcs`) as the node's BCS read returns them: null when absent. */
export function bytesOf(hex: string | null): Uint8Array | null {
  return hex === null ? null : hexToBytes(hex);
}

/**
 * Where each kind of search result leads, and how it is labelled in the results list. Pure, so
 * the routing rules are tested without rendering.
 */
import { normalizeAddress } from '../../../shared/address.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import type { SearchHit } from '../../api/queries/search-queries.ts';
import { withVersion } from '../../app/use-ledger-version.ts';
import { assetPath } from '../../lib/asset-path.ts';
import { tokenPath } from '../../lib/token-path.ts';

/** One pickable result: what it is, its text, and the path it opens. */
export interface SearchTarget {
  readonly kind: SearchHit['kind'];
  readonly label: string;
  readonly detail: string;
  readonly path: string;
}

/** The address part of a struct tag `addr::module::Name<…>`. */
function tagAddress(type: string): string {
  return normalizeAddress(type.split('::', 1)[0] ?? type);
}

/** `1` → `1 decimal`, `8` → `8 decimals`. */
function decimalsText(decimals: number): string {
  return `${decimals} decimal${decimals === 1 ? '' : 's'}`;
}

/**
 * The target of a result. A version pins time travel on the current path (`currentPath`, without
 * its query); everything else opens its page keeping the pinned version, if any: a block its block page, a
 * transaction hash the transaction page by version, an object or a fungible asset's metadata the page of its
 * address (where its resources are), a token its token page.
 */
export function searchTarget(result: SearchHit, currentPath: string, pinned: string | undefined): SearchTarget {
  switch (result.kind) {
    case 'version':
      return {
        kind: result.kind,
        label: `Version ${result.version}`,
        detail:
          result.block_height === null ? 'pin time travel here' : `block ${result.block_height} · pin time travel here`,
        path: withVersion(currentPath, result.version),
      };
    case 'block':
      return {
        kind: result.kind,
        label: `Block ${result.height}`,
        detail: `versions ${result.first_version}–${result.last_version}`,
        path: withVersion(`/blocks/${result.height}`, pinned),
      };
    case 'transaction':
      return {
        kind: result.kind,
        label: `Transaction ${result.hash}`,
        detail: `version ${result.version}`,
        path: withVersion(`/txn/${result.version}`, pinned),
      };
    case 'object':
      return {
        kind: result.kind,
        label: `Object ${result.address}`,
        detail: `owned by ${result.owner}`,
        path: withVersion(`/accounts/${normalizeAddress(result.address)}`, pinned),
      };
    case 'fungible_asset':
      return {
        kind: result.kind,
        label: `Fungible asset ${result.symbol}`,
        detail: `${result.name} · ${decimalsText(result.decimals)} · metadata ${result.address}`,
        path: withVersion(assetPath(result.address), pinned),
      };
    case 'token':
      return {
        kind: result.kind,
        label: `Token ${result.name || result.address}`,
        detail: `${result.collection || 'collection unknown'} · data, owner history, activities`,
        path: withVersion(tokenPath(result.address), pinned),
      };
    case 'account':
      return {
        kind: result.kind,
        label: `Account ${result.address}`,
        detail: 'resources, events, transactions',
        path: withVersion(`/accounts/${normalizeAddress(result.address)}`, pinned),
      };
    case 'table':
      return {
        kind: result.kind,
        label: `Table ${result.handle}`,
        detail: `${result.key_type} → ${result.value_type}`,
        path: withVersion(`/tables/${normalizeAddress(result.handle)}`, pinned),
      };
    case 'module':
      return {
        kind: result.kind,
        label: `Module ${result.address}::${result.name}`,
        detail: result.exists ? 'modules of the account' : 'not published at the latest version',
        path: withVersion(`/accounts/${normalizeAddress(result.address)}/modules`, pinned),
      };
    case 'struct_tag':
      return {
        kind: result.kind,
        label: `Type ${result.type}`,
        detail: result.struct_exists
          ? 'modules of the declaring account'
          : result.module_exists
            ? 'module has no such struct'
            : 'module not published',
        path: withVersion(`/accounts/${tagAddress(result.type)}/modules`, pinned),
      };
    default:
      return assertNever(result);
  }
}

/**
 * Every target of a result, the one Enter takes first. A version offers two: opening its transaction (first:
 * what a typed version number is usually for, as a typed hash opens its transaction) and pinning time travel
 * there; every other result has one.
 */
export function searchTargets(
  result: SearchHit,
  currentPath: string,
  pinned: string | undefined,
): readonly SearchTarget[] {
  const target = searchTarget(result, currentPath, pinned);
  if (result.kind !== 'version') return [target];
  const open: SearchTarget = {
    kind: 'transaction',
    label: `Transaction at version ${result.version}`,
    detail:
      result.block_height === null ? 'open the transaction' : `block ${result.block_height} · open the transaction`,
    path: withVersion(`/txn/${result.version}`, pinned),
  };
  return [open, target];
}

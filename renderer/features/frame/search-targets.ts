/**
 * Where each kind of search result leads, and how it is labelled in the results list. Pure, so
 * the routing rules are tested without rendering.
 */
import { normalizeAddress } from '../../../shared/address.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import type { SearchResultJson } from '../../api/types.ts';
import { withVersion } from '../../app/use-ledger-version.ts';

/** One pickable result: what it is, its text, and the path it opens. */
export interface SearchTarget {
  readonly kind: SearchResultJson['kind'];
  readonly label: string;
  readonly detail: string;
  readonly path: string;
}

/** The address part of a struct tag `addr::module::Name<…>`. */
function tagAddress(type: string): string {
  return normalizeAddress(type.split('::', 1)[0] ?? type);
}

/**
 * The target of a result. A version pins time travel on the current path (`currentPath`, without
 * its query); everything else opens its page keeping the pinned version, if any.
 */
export function searchTarget(result: SearchResultJson, currentPath: string, pinned: string | undefined): SearchTarget {
  switch (result.kind) {
    case 'version':
      return {
        kind: result.kind,
        label: `Version ${result.version}`,
        detail:
          result.block_height === null ? 'pin time travel here' : `block ${result.block_height} · pin time travel here`,
        path: withVersion(currentPath, result.version),
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

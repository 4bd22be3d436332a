/**
 * Rows of the resources table, derived once per loaded page set: the struct tag, the module that
 * defines it, and the size of its JSON (UTF-8 bytes of the compact JSON the API sent for `data`).
 */
import { jsonText } from '../../../shared/json-preview.ts';
import type { MoveResourceJson } from '../../api/types.ts';

/** One resource as the table shows it. */
export interface ResourceRow {
  /** The struct tag (unique within an account, so also the row id). */
  readonly type: string;
  /** `address::module` of the outer struct. */
  readonly module: string;
  /** Bytes of `JSON.stringify(data)` in UTF-8. */
  readonly size: number;
  readonly resource: MoveResourceJson;
}

const encoder = new TextEncoder();

/** `0x1::coin` of `0x1::coin::CoinStore<…>`. */
export function moduleOfType(type: string): string {
  const outer = type.split('<', 1)[0] ?? type;
  const parts = outer.split('::');
  return parts.length >= 2 ? `${parts[0]}::${parts[1]}` : outer;
}

/** Table rows of resources (in the listing's order, which is the state-key order). */
export function resourceRows(resources: readonly MoveResourceJson[]): ResourceRow[] {
  return resources.map((resource) => ({
    type: resource.type,
    module: moduleOfType(resource.type),
    size: encoder.encode(jsonText(resource.data)).length,
    resource,
  }));
}

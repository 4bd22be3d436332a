/**
 * The event handles an account's resources hold: every `0x1::event::EventHandle<T>` value found in
 * the JSON (at any depth), with the resource type and the top-level field holding it (the node's
 * "events by struct and field" endpoint addresses top-level fields only).
 */
import type { JsonValue, MoveResourceJson } from '../../api/types.ts';
import { eventHandleOf } from '../../lib/value-links.ts';

/** One handle found in a resource. */
export interface FoundHandle {
  /** The handle's own address (usually the account; may differ). */
  readonly address: string;
  readonly creationNumber: string;
  /** Events emitted so far (the handle's counter). */
  readonly counter: string;
  readonly struct: string;
  /** The top-level field, when the handle is one (usable with the struct + field endpoint). */
  readonly field: string | undefined;
  /** Dotted path inside the resource (for display). */
  readonly path: string;
}

function visit(value: JsonValue, struct: string, path: readonly string[], out: FoundHandle[]): void {
  const handle = eventHandleOf(value);
  if (handle) {
    out.push({ ...handle, struct, field: path.length === 1 ? path[0] : undefined, path: path.join('.') });
    return;
  }
  if (Array.isArray(value))
    value.forEach((child: JsonValue, index) => visit(child, struct, [...path, String(index)], out));
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) visit(child, struct, [...path, key], out);
}

/** Every handle in `resources`, ordered by (address, creation number). */
export function findHandles(resources: readonly MoveResourceJson[]): FoundHandle[] {
  const out: FoundHandle[] = [];
  for (const resource of resources) visit(resource.data, resource.type, [], out);
  return out.sort((a, b) =>
    a.address === b.address
      ? Number(BigInt(a.creationNumber) - BigInt(b.creationNumber))
      : a.address < b.address
        ? -1
        : 1,
  );
}

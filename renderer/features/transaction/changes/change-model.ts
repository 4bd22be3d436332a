/**
 * A transaction's `changes` as the section lists them: each entry classified (resource, group
 * member, whole group deleted, table item, module), group members gathered under one header for
 * their group, and counted for the summary line. Pure, so the list and its tests share it.
 */
import { normalizeAddress } from '../../../../shared/address.ts';
import { assertNever } from '../../../../shared/assert-never.ts';
import type { WriteSetChangeJson } from '../../../api/transaction-json.ts';
import { factsFor, moduleFactsKey, resourceFactsKey, tableItemFactsKey, type FactsSource } from './change-facts.ts';
import { knownGroupOf, resourceKeyHash } from './state-key-hash.ts';

/** Whether the change writes or deletes its state key. */
export type ChangeOp = 'write' | 'delete';

/** The resource group a member belongs to. */
export interface GroupRef {
  /** `address state_key_hash`: one group of one account. */
  readonly id: string;
  readonly address: string;
  /** The group's tag when known (e.g. `0x1::object::ObjectGroup`), else undefined. */
  readonly tag: string | undefined;
  readonly stateKeyHash: string;
}

/** One change, classified. `index` is its position in `changes`; `id` is stable for the transaction. */
export type ChangeEntry =
  | {
      readonly kind: 'resource';
      readonly id: string;
      readonly index: number;
      readonly op: ChangeOp;
      readonly address: string;
      readonly type: string;
      /** The change's value (writes). */
      readonly after: unknown;
      /** Set when this is a member of a resource group (its write carries the group's state key). */
      readonly group: GroupRef | undefined;
    }
  | {
      readonly kind: 'group';
      readonly id: string;
      readonly index: number;
      readonly op: 'delete';
      readonly address: string;
      /** The deleted group's tag (`delete_resource.resource`). */
      readonly type: string;
    }
  | {
      readonly kind: 'table_item';
      readonly id: string;
      readonly index: number;
      readonly op: ChangeOp;
      readonly handle: string;
      readonly keyHex: string;
      /** Value bytes as hex (writes). */
      readonly valueHex: string | undefined;
      /** Types from the node's table-info indexer, when it sent them. */
      readonly keyType: string | undefined;
      readonly valueType: string | undefined;
    }
  | {
      readonly kind: 'module';
      readonly id: string;
      readonly index: number;
      readonly op: ChangeOp;
      readonly address: string;
      readonly name: string;
    };

/** One line of the list: a group's header or a change. */
export type ChangeLine =
  | { readonly line: 'group'; readonly id: string; readonly group: GroupRef; readonly members: number }
  | { readonly line: 'change'; readonly id: string; readonly entry: ChangeEntry };

/** No facts from the source: every group is re-derived from the state key hash. */
const NO_FACTS: FactsSource = { kind: 'node' };

function short(address: string): string {
  try {
    return normalizeAddress(address);
  } catch {
    return address;
  }
}

/**
 * The group a resource write or delete belongs to: the explorer's answer when the source gave one, else re-derived —
 * a member's entry carries its group's state key hash, not its own, and a known group tag is confirmed by hashing.
 */
function groupOf(
  facts: FactsSource,
  address: string,
  type: string,
  stateKeyHash: string,
): { readonly member: boolean; readonly tag: string | undefined } {
  const known = factsFor(facts, resourceFactsKey(address, type));
  if (known !== undefined && known !== 'pending')
    return { member: known.group !== null, tag: known.group ?? undefined };
  const own = resourceKeyHash(address, type);
  const member = own !== undefined && own !== stateKeyHash.toLowerCase();
  return { member, tag: member ? knownGroupOf(address, stateKeyHash) : undefined };
}

/** The key of an entry's facts in the explorer's answer (change-facts.ts). */
export function factsKeyOf(entry: ChangeEntry): string {
  switch (entry.kind) {
    case 'resource':
    case 'group':
      return resourceFactsKey(entry.address, entry.type);
    case 'table_item':
      return tableItemFactsKey(entry.handle, entry.keyHex);
    case 'module':
      return moduleFactsKey(entry.address, entry.name);
    default:
      return assertNever(entry);
  }
}

/** Classifies one change (`index` = its position); `facts`: what the source said of the write set, if anything. */
export function classify(change: WriteSetChangeJson, index: number, facts: FactsSource = NO_FACTS): ChangeEntry {
  const id = `c${index}`;
  switch (change.type) {
    case 'write_resource': {
      const address = short(change.address);
      const found = groupOf(facts, address, change.data.type, change.state_key_hash);
      const group: GroupRef | undefined = found.member
        ? {
            id: `${address} ${change.state_key_hash}`,
            address,
            tag: found.tag,
            stateKeyHash: change.state_key_hash,
          }
        : undefined;
      return {
        kind: 'resource',
        id,
        index,
        op: 'write',
        address,
        type: change.data.type,
        after: change.data.data,
        group,
      };
    }
    case 'delete_resource': {
      const address = short(change.address);
      // A deleted group's entry names the group's tag and carries the group's key, not a resource key.
      if (groupOf(facts, address, change.resource, change.state_key_hash).member)
        return { kind: 'group', id, index, op: 'delete', address, type: change.resource };
      return {
        kind: 'resource',
        id,
        index,
        op: 'delete',
        address,
        type: change.resource,
        after: undefined,
        group: undefined,
      };
    }
    case 'write_module':
    case 'delete_module': {
      const address = short(change.address);
      const abiName =
        change.type === 'write_module' &&
        typeof change.data.abi === 'object' &&
        change.data.abi !== null &&
        !Array.isArray(change.data.abi)
          ? (change.data.abi as { readonly name?: unknown }).name
          : undefined;
      const name =
        change.type === 'delete_module' ? (change.module.split('::')[1] ?? change.module) : String(abiName ?? '?');
      return { kind: 'module', id, index, op: change.type === 'write_module' ? 'write' : 'delete', address, name };
    }
    case 'write_table_item':
    case 'delete_table_item': {
      const write = change.type === 'write_table_item';
      return {
        kind: 'table_item',
        id,
        index,
        op: write ? 'write' : 'delete',
        handle: change.handle,
        keyHex: change.key,
        valueHex: write ? change.value : undefined,
        keyType: change.data?.key_type,
        valueType: write ? (change.data?.value_type ?? undefined) : undefined,
      };
    }
    default:
      return assertNever(change);
  }
}

/** The group header's text: `0x1::object::ObjectGroup of 0x…`, or the state key when the group is not known. */
export function groupLabel(group: GroupRef): string {
  return `${group.tag ?? `(state key ${group.stateKeyHash.slice(0, 10)}…)`} of ${group.address}`;
}

/** The text the filter box matches (lower case): kind, operation, types, addresses, handle, key. */
export function filterTextOf(entry: ChangeEntry): string {
  const parts: string[] = [entry.kind.replace('_', ' '), entry.op === 'write' ? 'write' : 'delete deleted'];
  switch (entry.kind) {
    case 'resource':
      parts.push(entry.type, entry.address);
      if (entry.group) parts.push('group member', groupLabel(entry.group));
      break;
    case 'group':
      parts.push('group', entry.type, entry.address);
      break;
    case 'table_item':
      parts.push('table item', entry.handle, entry.keyHex, entry.keyType ?? '', entry.valueType ?? '');
      break;
    case 'module':
      parts.push('module', `${entry.address}::${entry.name}`);
      break;
    default:
      return assertNever(entry);
  }
  return parts.join(' ').toLowerCase();
}

/** The list's lines for `entries`: each run of members of one group follows one header line. */
export function linesOf(entries: readonly ChangeEntry[]): ChangeLine[] {
  const lines: ChangeLine[] = [];
  let header: { line: 'group'; id: string; group: GroupRef; members: number } | undefined;
  for (const entry of entries) {
    const group = entry.kind === 'resource' ? entry.group : undefined;
    if (group === undefined) header = undefined;
    else if (header?.group.id !== group.id) {
      header = { line: 'group', id: `g${entry.index}`, group, members: 0 };
      lines.push(header);
    }
    if (header) header.members += 1;
    lines.push({ line: 'change', id: entry.id, entry });
  }
  return lines;
}

/** The counts of the summary line. */
export interface ChangeSummary {
  readonly total: number;
  readonly resources: number;
  readonly groupMembers: number;
  readonly tableItems: number;
  readonly modules: number;
  readonly writes: number;
  readonly deletes: number;
}

/** Counts `entries` by kind and operation (a deleted group counts as a resource). */
export function summarize(entries: readonly ChangeEntry[]): ChangeSummary {
  let resources = 0;
  let groupMembers = 0;
  let tableItems = 0;
  let modules = 0;
  let deletes = 0;
  for (const entry of entries) {
    if (entry.op === 'delete') deletes += 1;
    if (entry.kind === 'resource' && entry.group !== undefined) groupMembers += 1;
    else if (entry.kind === 'resource' || entry.kind === 'group') resources += 1;
    else if (entry.kind === 'table_item') tableItems += 1;
    else modules += 1;
  }
  const total = entries.length;
  return { total, resources, groupMembers, tableItems, modules, writes: total - deletes, deletes };
}

/**
 * `GET /explorer/v1/transactions/by_version/{version}/changes` (docs/api.md, "Explorer extras"): a transaction's
 * write set as the changes page reads it — per state key its group, whether it existed at V − 1 and its values before
 * and after, decoded and as BCS — from one store read (`writeSetWithBefore`: the write set and every key's previous
 * value in one statement), so the page needs no request per change and no re-hashing (issue 24 item 5).
 */
import type { ReplyOf } from '../../../shared/api/endpoint.ts';
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import type { JsonValue } from '../../../shared/api/wire-schemas.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import { decodeStateKey, stateKeyHash } from '../../../shared/ledger/state-keys.ts';
import type { AbiLookup } from '../../../shared/move/abi.ts';
import { decodeResourceGroup, membersInTagOrder, type GroupMember } from '../../../shared/resource-group.ts';
import { formatStructTag, parseTypeTag, type StructTag, type TypeTag } from '../../../shared/type-tag.ts';
import type { LedgerStore, StoredWriteOp } from '../../snapshot/ledger-store.ts';
import { ApiError, describeError, internalError, notFound } from '../http-errors.ts';
import type { ContextOf } from '../request-context.ts';
import { endpointReply } from '../responses.ts';
import type { ServiceReply } from '../service-reply.ts';
import { decodeStoredValue, structJson, structTypeTag } from '../json-bodies.ts';
import { versionPruned } from './transactions.ts';

type Reply = ReplyOf<typeof ENDPOINTS.explorerTransactionChanges>;
type ChangeFacts = Reply['changes'][number];
type BeforeState = Reply['before_state'];

/** What rendering one op needs: the store, the ABI lookups at V and V − 1, and what is known of V − 1. */
interface ChangeScope {
  readonly store: LedgerStore;
  readonly after: AbiLookup;
  /** Undefined when the state at V − 1 is not readable. */
  readonly before: AbiLookup | undefined;
  readonly state: BeforeState;
  /** Value types of the tables met so far (a write set often writes many items of one table). */
  readonly tableTypes: Map<string, TypeTag | undefined>;
}

/** Decoded JSON, or null when it does not decode (the bytes are sent as hex beside it all the same). */
function decodedOrNull(decode: () => JsonValue): JsonValue {
  try {
    return decode();
  } catch (error) {
    if (error instanceof ApiError && error.status === 500) return null;
    throw error;
  }
}

/** A resource's `{"type", "data"}` as the resource endpoint renders it; null when it does not decode. */
function resourceValue(bytes: Uint8Array | undefined, tag: StructTag, lookup: AbiLookup | undefined): JsonValue {
  if (bytes === undefined || lookup === undefined) return null;
  const type = formatStructTag(tag);
  return decodedOrNull(() => ({
    type,
    data: structJson(decodeStoredValue(bytes, structTypeTag(tag), lookup, `resource ${type}`)),
  }));
}

function hexOrNull(bytes: Uint8Array | undefined): string | null {
  return bytes === undefined ? null : bytesToHex(bytes);
}

/** Existed at V − 1: the store's answer when readable, nothing before genesis, unknown when pruned. */
function existedBefore(scope: ChangeScope, existed: boolean): boolean | null {
  if (scope.state === 'readable') return existed;
  return scope.state === 'genesis' ? false : null;
}

function groupMembers(bytes: Uint8Array, version: bigint): GroupMember[] {
  try {
    return membersInTagOrder(decodeResourceGroup(bytes));
  } catch (error) {
    throw internalError(`Failed to decode a resource group written at version ${version}: ${describeError(error)}`);
  }
}

/** The value type of table `handle` (hex), from the snapshot's table info; undefined when unknown. */
function tableValueType(scope: ChangeScope, handle: Uint8Array, handleHex: string): TypeTag | undefined {
  if (!scope.tableTypes.has(handleHex)) {
    const info = scope.store.tableInfo(handle);
    let type: TypeTag | undefined;
    try {
      type = info === undefined ? undefined : parseTypeTag(info.valueType);
    } catch {
      type = undefined;
    }
    scope.tableTypes.set(handleHex, type);
  }
  return scope.tableTypes.get(handleHex);
}

const EMPTY = { address: null, resource: null, module: null, handle: null, key: null, group: null } as const;

/** The entries of one write op (a written group gives one per member, as the node's `changes` does). */
function opFacts(
  scope: ChangeScope,
  op: StoredWriteOp & { readonly before?: Uint8Array | undefined },
  index: number,
  version: bigint,
): ChangeFacts[] {
  const decoded = decodeStateKey(op.stateKey);
  const hash = stateKeyHash(op.stateKey, decoded);
  const existed = existedBefore(scope, op.existed);
  const common = { ...EMPTY, index, state_key_hash: hash };
  switch (decoded.kind) {
    case 'resource': {
      const base = { ...common, address: decoded.address, resource: formatStructTag(decoded.tag) };
      return [
        {
          ...base,
          type: op.value === undefined ? 'delete_resource' : 'write_resource',
          existed_before: existed,
          before: resourceValue(op.before, decoded.tag, scope.before),
          after: resourceValue(op.value, decoded.tag, scope.after),
          before_bcs: hexOrNull(op.before),
          after_bcs: hexOrNull(op.value),
        },
      ];
    }
    case 'resource_group': {
      const group = formatStructTag(decoded.tag);
      const base = { ...common, address: decoded.address, group };
      const old = op.before === undefined ? [] : groupMembers(op.before, version - 1n);
      if (op.value === undefined)
        return [
          {
            ...base,
            type: 'delete_resource',
            resource: group,
            existed_before: existed,
            before: old.length === 0 ? null : old.map((m) => resourceValue(m.bytes, m.tag, scope.before)),
            after: null,
            before_bcs: hexOrNull(op.before),
            after_bcs: null,
          },
        ];
      const oldByType = new Map(old.map((m) => [formatStructTag(m.tag), m.bytes]));
      return groupMembers(op.value, version).map((member) => {
        const type = formatStructTag(member.tag);
        const was = oldByType.get(type);
        return {
          ...base,
          type: 'write_resource',
          resource: type,
          existed_before: existedBefore(scope, was !== undefined),
          before: resourceValue(was, member.tag, scope.before),
          after: resourceValue(member.bytes, member.tag, scope.after),
          before_bcs: hexOrNull(was),
          after_bcs: bytesToHex(member.bytes),
        };
      });
    }
    case 'module':
      return [
        {
          ...common,
          address: decoded.address,
          module: `${decoded.address}::${decoded.name}`,
          type: op.value === undefined ? 'delete_module' : 'write_module',
          existed_before: existed,
          before: null,
          after: null,
          before_bcs: null,
          after_bcs: null,
        },
      ];
    case 'table_item': {
      const handleBytes = op.stateKey.subarray(1, 33);
      const handle = bytesToHex(handleBytes);
      const valueType = tableValueType(scope, handleBytes, handle);
      const value = (bytes: Uint8Array | undefined, lookup: AbiLookup | undefined): JsonValue =>
        bytes === undefined || lookup === undefined || valueType === undefined
          ? null
          : decodedOrNull(() => decodeStoredValue(bytes, valueType, lookup, `table item of ${handle}`));
      return [
        {
          ...common,
          handle,
          key: bytesToHex(decoded.key),
          type: op.value === undefined ? 'delete_table_item' : 'write_table_item',
          existed_before: existed,
          before: value(op.before, scope.before),
          after: value(op.value, scope.after),
          before_bcs: hexOrNull(op.before),
          after_bcs: hexOrNull(op.value),
        },
      ];
    }
    default:
      return assertNever(decoded);
  }
}

/** `GET /explorer/v1/transactions/by_version/{version}/changes?start&limit`: 404 above the latest, 410 pruned. */
export function getTransactionChanges(context: ContextOf<'explorerTransactionChanges'>): ServiceReply {
  const { version } = context.params;
  const { store, ledger } = context;
  if (version > ledger.ledgerVersion)
    throw notFound('transaction_not_found', `Transaction not found by Ledger version(${version})`);
  // A capture's kept transactions below its oldest version have their write sets; any other such version is pruned.
  const withBefore = version < ledger.oldestLedgerVersion ? undefined : store.writeSetWithBefore(version);
  const ops = withBefore ?? store.writeSet(version);
  if (ops === undefined) {
    if (version < ledger.oldestLedgerVersion) throw versionPruned(version, ledger);
    throw notFound('transaction_not_found', `The write set of Ledger version(${version}) is not stored`);
  }
  const state: BeforeState = version === 0n ? 'genesis' : withBefore !== undefined ? 'readable' : 'pruned';
  const scope: ChangeScope = {
    store,
    after: store.abiLookup(version),
    before: state === 'readable' ? store.abiLookup(version - 1n) : undefined,
    state,
    tableTypes: new Map(),
  };
  const requested = context.query.start ?? 0n;
  const start = requested > BigInt(ops.length) ? ops.length : Number(requested);
  const end = Math.min(ops.length, start + context.query.limit);
  const changes: ChangeFacts[] = [];
  for (let index = start; index < end; index += 1) {
    const op = ops[index];
    if (op !== undefined) changes.push(...opFacts(scope, op, index, version));
  }
  const body: Reply = {
    version: version.toString(),
    before_version: version === 0n ? null : (version - 1n).toString(),
    before_state: state,
    write_set_size: ops.length,
    changes,
    next_start: end < ops.length ? String(end) : null,
  };
  return endpointReply(ENDPOINTS.explorerTransactionChanges, body, ledger);
}

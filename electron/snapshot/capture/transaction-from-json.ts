/**
 * One transaction as the node's JSON (`/v1/transactions/by_version/{v}`) shows it, turned back into the rows a
 * snapshot keeps (format v2): its summary and details, its write set as state keys and value bytes (in the node's
 * order, a resource group's members joined into the group's one value) and its events as BCS. Values are encoded
 * from their JSON with the layouts of the captured modules. The events are checked against the node's
 * `event_root_hash`, so a transaction is kept only when its events are byte for byte what the node hashed.
 */
import * as v from 'valibot';
import { parseAddress } from '../../../shared/address.ts';
import {
  committedTransaction,
  eventsOf,
  type TransactionEvent,
  type WriteSetChange,
} from '../../../shared/api/wire-schemas.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import { bytesToHex, hexToBytes } from '../../../shared/hex.ts';
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import { encodeMoveValue } from '../../../shared/move/encode.ts';
import { encodeResourceGroup, type GroupMember } from '../../../shared/resource-group.ts';
import { parseStructTag, parseTypeTag, type StructTag, type TypeTag } from '../../../shared/type-tag.ts';
import type { LedgerEvent } from '../../../shared/bcs/ledger-bcs.ts';
import { eventRootHash } from '../ledger-hashes.ts';
import { accessPathStateKeyHash } from '../../../shared/ledger/state-keys.ts';
import {
  moduleStateKey,
  resourceGroupStateKey,
  resourceStateKey,
  STATE_KEY_TABLE_ITEM,
  tableItemStateKey,
} from '../state-keys.ts';
import { capturedTransactionRows } from './capture-details.ts';
import type { CapturedTransactionEvent, JsonTransaction } from './capture-types.ts';
import { jsonIn } from './json-out-to-in.ts';
import type { ModuleSet } from './module-set.ts';
import { NotKept } from './not-kept.ts';

type Json = Readonly<Record<string, unknown>>;

const OBJECT_GROUP = parseStructTag('0x1::object::ObjectGroup');

/**
 * The node's transaction checked against the wire schema (shared/api/wire/transactions.ts), the one the proxy checks
 * replies with: a kind the schema does not know, or a field of another shape, is not kept, the reason naming it.
 */
function parseNodeTransaction(json: Json): v.InferOutput<typeof committedTransaction> {
  const result = v.safeParse(committedTransaction, json);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = v.getDotPath(issue);
  throw new NotKept(`its JSON has another shape: ${path === null ? 'type' : path}: ${issue.message}`);
}

/** The state key among `candidates` whose hash is the node's `state_key_hash`. */
function keyWithHash(candidates: readonly Uint8Array[], hash: string, what: string): Uint8Array {
  const found = candidates.find((key) => accessPathStateKeyHash(key) === hash.toLowerCase());
  if (found === undefined) throw new NotKept(`${what}: no state key of it has the node's state_key_hash ${hash}`);
  return found;
}

/** One op being built: a plain value, or the members of a resource group. */
interface OpDraft {
  readonly stateKey: Uint8Array;
  value: Uint8Array | null;
  readonly members?: GroupMember[];
}

/** The struct types a transaction's values need layouts for (resources written, events emitted), in order. */
function typesOf(changes: readonly WriteSetChange[], events: readonly TransactionEvent[]): TypeTag[] {
  const types: TypeTag[] = [];
  for (const change of changes)
    if (change.type === 'write_resource') types.push({ kind: 'struct', struct: parseStructTag(change.data.type) });
  for (const event of events) types.push(parseTypeTag(event.type));
  return types;
}

/**
 * The snapshot rows of the transaction `json` (the node's JSON of version `version`); `blockHeight` is recorded with
 * it. Throws NotKept when it cannot be kept exactly, CaptureError when a module it needs cannot be read.
 */
export async function transactionFromJson(
  json: Json,
  version: bigint,
  blockHeight: bigint,
  modules: ModuleSet,
): Promise<JsonTransaction> {
  if (json.version !== version.toString()) throw new NotKept(`the source answered version ${String(json.version)}`);
  const transaction = parseNodeTransaction(json);
  const changes = transaction.changes;
  const jsonEvents = eventsOf(transaction);
  let layouts;
  try {
    layouts = await modules.layouts(typesOf(changes, jsonEvents));
  } catch (error) {
    if (error instanceof Error && error.name === 'CaptureError') throw new NotKept(error.message);
    throw error;
  }
  let next = 0;
  const ops = new Map<string, OpDraft>();
  const writtenModules: { address: Uint8Array; name: string; abi: MoveModuleAbi }[] = [];
  const put = (stateKey: Uint8Array, value: Uint8Array | null): OpDraft => {
    const id = bytesToHex(stateKey);
    let op = ops.get(id);
    if (op === undefined) {
      op = { stateKey, value };
      ops.set(id, op);
    }
    op.value = value;
    return op;
  };
  for (const change of changes) {
    const hash = change.state_key_hash;
    switch (change.type) {
      case 'write_resource': {
        const address = parseAddress(change.address);
        const data = change.data;
        const tag = parseStructTag(data.type);
        const layout = layouts[next++];
        if (layout === undefined) throw new NotKept(`no layout of ${data.type}`);
        const bytes = encodeMoveValue(jsonIn(data.data, layout), layout);
        const plain = resourceStateKey(address, tag);
        if (accessPathStateKeyHash(plain) === hash.toLowerCase()) {
          put(plain, bytes);
        } else {
          // A member of a resource group: the node lists each member with the group's state key hash.
          const key = keyWithHash([resourceGroupStateKey(address, OBJECT_GROUP)], hash, `resource ${data.type}`);
          const id = bytesToHex(key);
          const op = ops.get(id) ?? { stateKey: key, value: null, members: [] };
          ops.set(id, op);
          op.members?.push({ tag, bytes });
        }
        break;
      }
      case 'delete_resource': {
        const address = parseAddress(change.address);
        const tag: StructTag = parseStructTag(change.resource);
        const candidates = [
          resourceStateKey(address, tag),
          resourceGroupStateKey(address, tag),
          resourceGroupStateKey(address, OBJECT_GROUP),
        ];
        put(keyWithHash(candidates, hash, `deleted resource ${change.resource}`), null);
        break;
      }
      case 'write_module': {
        const address = parseAddress(change.address);
        // The schema checks the ABI's fields the UI reads; the layouts read the rest as the node sent it.
        const abi = change.data.abi as MoveModuleAbi | undefined;
        if (abi === undefined) throw new NotKept('a module written without its ABI');
        writtenModules.push({ address, name: abi.name, abi });
        put(moduleStateKey(address, abi.name), hexToBytes(change.data.bytecode));
        break;
      }
      case 'delete_module': {
        const id = change.module;
        put(moduleStateKey(parseAddress(change.address), id.slice(id.lastIndexOf('::') + 2)), null);
        break;
      }
      case 'write_table_item':
      case 'delete_table_item': {
        const handle = parseAddress(change.handle);
        const key = tableItemStateKey(handle, hexToBytes(change.key));
        if (key[0] !== STATE_KEY_TABLE_ITEM) throw new NotKept('a table item key');
        put(key, change.type === 'write_table_item' ? hexToBytes(change.value) : null);
        break;
      }
      default:
        return assertNever(change);
    }
  }
  const writeSet = [...ops.values()].map((op) => ({
    stateKey: op.stateKey,
    value: op.members ? encodeResourceGroup(op.members) : op.value,
  }));

  const events: CapturedTransactionEvent[] = jsonEvents.map((event) => {
    const layout = layouts[next++];
    if (layout === undefined) throw new NotKept(`no layout of event ${event.type}`);
    const guid = event.guid;
    const typeTag = event.type;
    const data = encodeMoveValue(jsonIn(event.data, layout), layout);
    const address = guid.account_address;
    // The node shows a module (v2) event with a dummy guid: creation number 0 of address 0x0.
    if (address === '0x0' && guid.creation_number === '0') return { stream: undefined, typeTag, data };
    return {
      stream: {
        address: parseAddress(address),
        creationNumber: BigInt(guid.creation_number),
        sequenceNumber: BigInt(event.sequence_number),
      },
      typeTag,
      data,
    };
  });
  const hashed: LedgerEvent[] = events.map((event) =>
    event.stream === undefined
      ? { address: null, typeTag: event.typeTag, data: event.data }
      : {
          address: event.stream.address,
          creationNumber: Number(event.stream.creationNumber),
          sequenceNumber: Number(event.stream.sequenceNumber),
          typeTag: event.typeTag,
          data: event.data,
        },
  );
  if (bytesToHex(eventRootHash(hashed)) !== transaction.event_root_hash.toLowerCase())
    throw new NotKept("its events, encoded again, do not give the node's event_root_hash");
  const sent = { payload: json.payload, signature: json.signature };
  const rows = capturedTransactionRows(transaction, sent, blockHeight, {
    writeSetSize: writeSet.length,
    eventCount: events.length,
  });
  if (rows === undefined) throw new NotKept('its JSON lacks a field a snapshot keeps');
  return { version, ...rows, writeSet, events, modules: writtenModules };
}

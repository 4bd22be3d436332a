/**
 * Transaction payloads (docs/node-behaviour.md, payloads): entry function, script and multisig for user
 * transactions, the write-set payload of genesis. A payload kind a newer node adds (e.g. an encrypted one) passes
 * with its `type`; a known kind must have all its fields.
 */
import * as v from 'valibot';
import { transactionEvent } from './events.ts';
import { writeSetChange } from './changes.ts';
import { moveFunction } from './modules.ts';
import { address, hex, jsonValue, list, otherKind } from './scalars.ts';
import { assertNever } from '../../assert-never.ts';

const entryFunctionFields = {
  function: v.string(),
  type_arguments: list(v.string()),
  arguments: list(jsonValue),
};

/** `0x1::aptos_account::transfer(…)` and the like. */
export const entryFunctionPayload = v.looseObject({
  ...entryFunctionFields,
  type: v.literal('entry_function_payload'),
});

/** A script: its bytecode and, when the node could read it, the ABI of `main`. */
export const scriptPayload = v.looseObject({
  code: v.looseObject({ bytecode: hex, abi: v.optional(v.nullable(moveFunction)) }),
  type_arguments: list(v.string()),
  arguments: list(jsonValue),
  type: v.literal('script_payload'),
});

/** A multisig account's transaction; the inner payload is null when it was stored on chain beforehand. */
export const multisigPayload = v.looseObject({
  multisig_address: address,
  transaction_payload: v.optional(v.nullable(entryFunctionPayload)),
  type: v.literal('multisig_payload'),
});

const USER_PAYLOAD_KINDS = ['entry_function_payload', 'script_payload', 'multisig_payload'];

/** A user transaction's payload, by kind. */
export const userPayload = v.variant('type', [
  entryFunctionPayload,
  scriptPayload,
  multisigPayload,
  v.looseObject({ type: otherKind(USER_PAYLOAD_KINDS) }),
]);

/** A genesis write set: written directly, or by a script run as an account. */
export const genesisWriteSet = v.variant('type', [
  v.looseObject({
    changes: list(writeSetChange),
    events: list(transactionEvent),
    type: v.literal('direct_write_set'),
  }),
  v.looseObject({
    execute_as: address,
    script: v.looseObject({ code: v.looseObject({ bytecode: hex }) }),
    type: v.literal('script_write_set'),
  }),
]);

/** Genesis's payload. */
export const genesisPayload = v.looseObject({ write_set: genesisWriteSet, type: v.literal('write_set_payload') });

/** A user transaction's payload. */
export type UserPayload = v.InferOutput<typeof userPayload>;
/** An entry function payload. */
export type EntryFunctionPayload = v.InferOutput<typeof entryFunctionPayload>;
/** A script payload. */
export type ScriptPayload = v.InferOutput<typeof scriptPayload>;
/** A multisig payload. */
export type MultisigPayload = v.InferOutput<typeof multisigPayload>;
/** A user payload of a kind this schema knows, narrowed by `type`. */
export type KnownUserPayload = EntryFunctionPayload | ScriptPayload | MultisigPayload;

/**
 * Whether `payload` is of a kind this schema knows (its fields were checked by kind): a newer kind's `type` is any
 * string, so `type` alone cannot narrow the union until this has.
 */
export function isKnownPayload(payload: UserPayload): payload is KnownUserPayload {
  return USER_PAYLOAD_KINDS.includes(payload.type);
}

/** The entry function `payload` calls (a multisig's inner one too), or undefined. */
export function entryFunctionOf(payload: UserPayload): EntryFunctionPayload | undefined {
  if (!isKnownPayload(payload)) return undefined;
  switch (payload.type) {
    case 'entry_function_payload':
      return payload;
    case 'multisig_payload':
      return payload.transaction_payload ?? undefined;
    case 'script_payload':
      return undefined;
    default:
      return assertNever(payload);
  }
}
/** Genesis's write-set payload. */
export type GenesisPayload = v.InferOutput<typeof genesisPayload>;

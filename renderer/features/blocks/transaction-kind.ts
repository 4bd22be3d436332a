/**
 * What the block page says about each transaction: its kind in words, the function it called, and
 * which kinds the kind filter can hide (the block producer's own transactions, not users').
 */
import { assertNever } from '../../../shared/assert-never.ts';
import { userTransactionOf, type CommittedTransactionJson } from '../../api/transaction-json.ts';
import { entryFunctionOf } from '../../../shared/api/wire-schemas.ts';

/** The transaction kinds a node sends today (`type`); a newer node may send others. */
export type KnownKind =
  | 'user_transaction'
  | 'block_metadata_transaction'
  | 'state_checkpoint_transaction'
  | 'block_epilogue_transaction'
  | 'genesis_transaction'
  | 'validator_transaction';

const KNOWN: ReadonlySet<string> = new Set<KnownKind>([
  'user_transaction',
  'block_metadata_transaction',
  'state_checkpoint_transaction',
  'block_epilogue_transaction',
  'genesis_transaction',
  'validator_transaction',
]);

/** The kinds the filter offers to hide: what the chain writes into every block besides users' transactions. */
export const HIDEABLE_KINDS = [
  'block_metadata_transaction',
  'state_checkpoint_transaction',
  'block_epilogue_transaction',
] as const satisfies readonly KnownKind[];

/** One kind the filter can hide. */
export type HideableKind = (typeof HIDEABLE_KINDS)[number];

function isKnown(type: string): type is KnownKind {
  return KNOWN.has(type);
}

/** A kind in words ("user", "block metadata"…); an unknown kind as the node named it. */
export function kindLabel(type: string): string {
  if (!isKnown(type)) return type;
  switch (type) {
    case 'user_transaction':
      return 'user';
    case 'block_metadata_transaction':
      return 'block metadata';
    case 'state_checkpoint_transaction':
      return 'state checkpoint';
    case 'block_epilogue_transaction':
      return 'block epilogue';
    case 'genesis_transaction':
      return 'genesis';
    case 'validator_transaction':
      return 'validator';
    default:
      return assertNever(type);
  }
}

/** The function a user transaction called (`0x1::coin::transfer`), "script", or undefined for other kinds. */
export function functionOf(transaction: CommittedTransactionJson): string | undefined {
  const payload = userTransactionOf(transaction)?.payload;
  if (payload === undefined) return undefined;
  const called = entryFunctionOf(payload);
  if (called !== undefined) return called.function;
  if (payload.type === 'script_payload') return 'script';
  if (payload.type === 'multisig_payload') return 'multisig';
  return payload.type.replace(/_payload$/, '');
}

/** Whether the filter hides this transaction. */
export function isHidden(transaction: CommittedTransactionJson, hidden: ReadonlySet<string>): boolean {
  return hidden.has(transaction.type);
}

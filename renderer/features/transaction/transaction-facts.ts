/**
 * Plain facts of a committed transaction as the page shows them: what the `:id` of `/txn/:id` names,
 * the kind's name, the fee (gas used × gas unit price, exact in octas), the signers the signature JSON
 * names, the entry function's parameters as the node labels arguments (leading signers dropped), and
 * times at microsecond precision. No React here, so each rule is tested on its own.
 */
import { TRANSACTION_HASH } from '../../api/queries/transaction-queries.ts';
import {
  ORDERLESS_SEQUENCE_NUMBER,
  userTransactionOf,
  type CommittedTransactionJson,
  type SignatureJson,
} from '../../api/transaction-json.ts';
import {
  feePayerOf,
  isKnownSignature,
  secondarySignerAddresses,
  type UserTransaction,
} from '../../../shared/api/wire-schemas.ts';
import { decimalU64, isDecimalText } from '../../../shared/ledger/u64.ts';

/** What `:id` names: a version (decimal u64), a hash (0x + 64 hex digits), or neither. */
export type TransactionId =
  | { readonly kind: 'version'; readonly version: string }
  | { readonly kind: 'hash'; readonly hash: string }
  | { readonly kind: 'invalid'; readonly text: string };

/** Reads the `:id` of `/txn/:id` (a version keeps its canonical decimal form: `007` is `7`). */
export function parseTransactionId(text: string): TransactionId {
  if (TRANSACTION_HASH.test(text)) return { kind: 'hash', hash: text.toLowerCase() };
  const version = decimalU64(text);
  if (version !== undefined) return { kind: 'version', version: version.toString() };
  return { kind: 'invalid', text };
}

/** The kinds the node renders, by their `type`, as people name them. */
const KIND_NAMES: Readonly<Record<string, string>> = {
  user_transaction: 'User transaction',
  block_metadata_transaction: 'Block metadata',
  state_checkpoint_transaction: 'State checkpoint',
  block_epilogue_transaction: 'Block epilogue',
  genesis_transaction: 'Genesis',
  validator_transaction: 'Validator transaction',
  pending_transaction: 'Pending transaction',
};

/** The kind's name; a kind this page does not know (a newer node's) is shown by its `type` as sent. */
export function kindName(type: string): string {
  return KIND_NAMES[type] ?? type;
}

/** The fee of a user transaction: gas used × gas unit price, in octas (exact). */
export interface FeeFacts {
  readonly gasUsed: bigint;
  readonly gasUnitPrice: bigint;
  readonly octas: bigint;
  /** The most the sender allowed: max gas amount × gas unit price. */
  readonly maxGasAmount: bigint | undefined;
  readonly maxOctas: bigint | undefined;
}

/** The fee facts, or undefined when the transaction carries no gas price (every kind but user transactions). */
export function feeOf(transaction: CommittedTransactionJson): FeeFacts | undefined {
  const user = userTransactionOf(transaction);
  if (user === undefined) return undefined;
  // The reply schema checked these are decimal u64s.
  const gasUsed = BigInt(user.gas_used);
  const gasUnitPrice = BigInt(user.gas_unit_price);
  const maxGasAmount = BigInt(user.max_gas_amount);
  return { gasUsed, gasUnitPrice, octas: gasUsed * gasUnitPrice, maxGasAmount, maxOctas: maxGasAmount * gasUnitPrice };
}

/** How a user transaction is protected from replay: its sequence number, or (orderless) its nonce. */
export type ReplayProtection =
  { readonly kind: 'sequence_number'; readonly value: string } | { readonly kind: 'nonce'; readonly value: string };

/**
 * The replay protection of a user transaction. An orderless one shows its nonce: its `sequence_number`
 * is u64::MAX, a placeholder the node sends, never a number to show.
 */
export function replayProtectionOf(
  signed: Pick<UserTransaction, 'sequence_number' | 'replay_protection_nonce'>,
): ReplayProtection | undefined {
  const nonce = signed.replay_protection_nonce;
  if (typeof nonce === 'string') return { kind: 'nonce', value: nonce };
  const sequence = signed.sequence_number;
  if (sequence === ORDERLESS_SEQUENCE_NUMBER) return undefined;
  return { kind: 'sequence_number', value: sequence };
}

/** The signature kinds the node renders, by their `type`. */
const SIGNATURE_NAMES: Readonly<Record<string, string>> = {
  ed25519_signature: 'Ed25519',
  multi_ed25519_signature: 'Multi-Ed25519',
  multi_agent_signature: 'Multi-agent',
  fee_payer_signature: 'Fee payer',
  single_sender: 'Single sender',
  no_account_signature: 'No account signature',
};

/** What the signature JSON says about who signed. */
export interface SignerFacts {
  /** The scheme as people name it (unknown ones by their `type`), with a single sender's key type. */
  readonly kind: string;
  readonly feePayer: string | undefined;
  readonly secondarySigners: readonly string[];
}

/** The public key type of a `single_sender` signature (`ed25519`, `keyless`…), when it has one. */
function singleSenderKeyType(signature: SignatureJson): string | undefined {
  if (!isKnownSignature(signature) || signature.type !== 'single_sender') return undefined;
  return 'signatures_required' in signature ? 'multi-key' : signature.public_key.type;
}

/** The signers named by a user transaction's signature. */
export function signersOf(signature: SignatureJson | undefined): SignerFacts | undefined {
  if (signature === undefined) return undefined;
  const name = SIGNATURE_NAMES[signature.type] ?? signature.type;
  const keyType = singleSenderKeyType(signature);
  return {
    kind: keyType === undefined ? name : `${name} (${keyType})`,
    feePayer: feePayerOf(signature),
    secondarySigners: secondarySignerAddresses(signature),
  };
}

/**
 * The parameters arguments are given for: the function's parameters without its leading signers
 * (`signer`, `&signer`), which the transaction's signers fill, as the node drops them when it renders
 * the arguments.
 */
export function argumentParameters(params: readonly string[]): readonly string[] {
  let first = 0;
  while (first < params.length && (params[first] === 'signer' || params[first] === '&signer')) first += 1;
  return params.slice(first);
}

/** `0x1::coin::transfer` as its module's address, module name and function name; undefined when malformed. */
export function splitFunctionId(
  id: string,
): { readonly address: string; readonly module: string; readonly name: string } | undefined {
  const parts = id.split('::');
  if (parts.length !== 3 || parts.some((part) => part === '')) return undefined;
  const [address, module, name] = parts as [string, string, string];
  return { address, module, name };
}

/** Microseconds since the epoch as UTC with every digit: `2024-06-01 00:02:10.839790 UTC`. */
export function formatUsecExact(usec: string): string {
  const value = BigInt(usec);
  const seconds = value / 1_000_000n;
  const micros = (value % 1_000_000n).toString().padStart(6, '0');
  const date = new Date(Number(seconds) * 1000);
  if (Number.isNaN(date.getTime())) return `${usec} µs`;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')}.${micros} UTC`;
}

/** Seconds since the epoch (an expiration) as UTC: `2024-06-01 00:12:10 UTC`. */
export function formatSecs(secs: string): string {
  const date = new Date(Number(secs) * 1000);
  if (!isDecimalText(secs) || Number.isNaN(date.getTime())) return secs;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A module event carries the node's dummy guid (creation number 0 at 0x0): it has no stream to link to. */
export function isModuleEvent(event: {
  readonly guid: { readonly creation_number: string; readonly account_address: string };
}): boolean {
  return /^0x0*$/.test(event.guid.account_address) && event.guid.creation_number === '0';
}

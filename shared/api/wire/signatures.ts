/**
 * User transactions' signatures (docs/node-behaviour.md, signatures): the transaction authenticator (`type` names
 * the scheme) and, inside multi-agent and fee-payer ones, each signer's account signature. `single_sender` carries
 * its account signature's fields (one key, or several with `signatures_required`). A scheme a newer node adds
 * passes with its `type`.
 */
import * as v from 'valibot';
import { address, hex, list, otherKind, smallInt } from './scalars.ts';

/** A typed key or signature of a single-key scheme: `{"value", "type"}` (ed25519, secp256k1_ecdsa, keyless, …). */
const typedValue = v.looseObject({ value: hex, type: v.string() });

const ed25519Fields = { public_key: hex, signature: hex };
const multiEd25519Fields = {
  public_keys: list(hex),
  signatures: list(hex),
  threshold: smallInt,
  bitmap: hex,
};
const singleKeyFields = { public_key: typedValue, signature: typedValue };
const multiKeyFields = {
  public_keys: list(typedValue),
  signatures: list(v.looseObject({ index: smallInt, signature: typedValue })),
  signatures_required: smallInt,
};

const ACCOUNT_KINDS = [
  'ed25519_signature',
  'multi_ed25519_signature',
  'single_key_signature',
  'multi_key_signature',
  'no_account_signature',
  'abstract_signature',
];

/** One signer's signature inside a multi-agent or fee-payer authenticator. */
export const accountSignature = v.variant('type', [
  v.looseObject({ ...ed25519Fields, type: v.literal('ed25519_signature') }),
  v.looseObject({ ...multiEd25519Fields, type: v.literal('multi_ed25519_signature') }),
  v.looseObject({ ...singleKeyFields, type: v.literal('single_key_signature') }),
  v.looseObject({ ...multiKeyFields, type: v.literal('multi_key_signature') }),
  v.looseObject({ type: v.literal('no_account_signature') }),
  v.looseObject({ function_info: v.string(), auth_data: v.unknown(), type: v.literal('abstract_signature') }),
  v.looseObject({ type: otherKind(ACCOUNT_KINDS) }),
]);

const secondaryFields = {
  sender: accountSignature,
  secondary_signer_addresses: list(address),
  secondary_signers: list(accountSignature),
};

const TRANSACTION_KINDS = [
  'ed25519_signature',
  'multi_ed25519_signature',
  'multi_agent_signature',
  'fee_payer_signature',
  'single_sender',
] as const;

/** A user transaction's `signature`. */
export const transactionSignature = v.variant('type', [
  v.looseObject({ ...ed25519Fields, type: v.literal('ed25519_signature') }),
  v.looseObject({ ...multiEd25519Fields, type: v.literal('multi_ed25519_signature') }),
  v.looseObject({ ...secondaryFields, type: v.literal('multi_agent_signature') }),
  v.looseObject({
    ...secondaryFields,
    fee_payer_address: address,
    fee_payer_signer: accountSignature,
    type: v.literal('fee_payer_signature'),
  }),
  v.looseObject({ ...singleKeyFields, type: v.literal('single_sender') }),
  v.looseObject({ ...multiKeyFields, type: v.literal('single_sender') }),
  v.looseObject({ type: otherKind(TRANSACTION_KINDS) }),
]);

/** A user transaction's signature. */
export type TransactionSignature = v.InferOutput<typeof transactionSignature>;
/** A transaction signature of a scheme this schema knows, narrowed by `type`. */
export type KnownTransactionSignature = Extract<TransactionSignature, { type: (typeof TRANSACTION_KINDS)[number] }>;

/**
 * Whether `signature` is of a scheme this schema knows (its fields were checked by scheme): a newer scheme's `type`
 * is any string, so `type` alone cannot narrow the union until this has.
 */
export function isKnownSignature(signature: TransactionSignature): signature is KnownTransactionSignature {
  return (TRANSACTION_KINDS as readonly string[]).includes(signature.type);
}

/** The fee payer a fee-payer signature names, or undefined. */
export function feePayerOf(signature: TransactionSignature): string | undefined {
  return isKnownSignature(signature) && signature.type === 'fee_payer_signature'
    ? signature.fee_payer_address
    : undefined;
}

/** The other signers a multi-agent or fee-payer signature names (none for the other schemes). */
export function secondarySignerAddresses(signature: TransactionSignature): readonly string[] {
  if (!isKnownSignature(signature)) return [];
  return signature.type === 'multi_agent_signature' || signature.type === 'fee_payer_signature'
    ? signature.secondary_signer_addresses
    : [];
}

/**
 * The details rows of generated transactions (format v2): hashes the snapshot cannot recompute (the ledger
 * accumulator, state checkpoints) derived from the seed, signatures from per-account derived keys, and the fields of
 * each kind in the node's order.
 */
import { bytesToHex } from '../../../shared/hex.ts';
import {
  entryPayloadBcs,
  entryPayloadJson,
  signatureJson,
  VM_STATUS_SUCCESS,
  type Ed25519Signer,
  type EntryCall,
  type TransactionDetailsRow,
} from '../transaction-details.ts';
import { derivedBytes } from './chain-options.ts';
import type { SimAccount } from './world.ts';

/** A failed transfer's status: the abort the coin module raises for a balance too small (0x10006). */
export const VM_STATUS_INSUFFICIENT_BALANCE =
  'Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction';

/** Details of a transaction without payload or signature (genesis, block metadata, checkpoint, epilogue). */
export function systemDetails(
  seed: number,
  version: number,
  kindFields: Record<string, unknown> | null,
  checkpoint: boolean,
  payload: string | null = null,
): TransactionDetailsRow {
  return {
    vmStatus: VM_STATUS_SUCCESS,
    expirationTimestampSecs: null,
    payload,
    payloadBcs: null,
    signature: null,
    signatureKind: null,
    secondarySigners: [],
    feePayer: null,
    kindFields: kindFields === null ? null : JSON.stringify(kindFields),
    stateCheckpointHash: checkpoint ? derivedBytes(seed, `checkpoint:${version}`) : null,
    accumulatorRootHash: derivedBytes(seed, `accumulator:${version}`),
  };
}

/** The genesis payload as the node shows it, less the write set's changes and events (the version's own). */
export const GENESIS_PAYLOAD = JSON.stringify({
  write_set: { changes: [], events: [], type: 'direct_write_set' },
  type: 'write_set_payload',
});

/** Each account's public key (hex), derived once per seed: every transaction it signs shows it. */
const publicKeys = new Map<string, string>();

function signer(seed: number, account: SimAccount, version: number): Ed25519Signer {
  const signature = new Uint8Array(64);
  signature.set(derivedBytes(seed, `sig:${version}:${account.short}:0`));
  signature.set(derivedBytes(seed, `sig:${version}:${account.short}:1`), 32);
  const label = `pk:${account.short}`;
  let publicKey = publicKeys.get(`${seed}:${label}`);
  if (publicKey === undefined) {
    publicKey = bytesToHex(derivedBytes(seed, label));
    if (publicKeys.size >= 200_000) publicKeys.clear();
    publicKeys.set(`${seed}:${label}`, publicKey);
  }
  return { publicKey, signature: bytesToHex(signature) };
}

/** What a generated user transaction was signed and sent with. */
export interface UserDetailsInput {
  readonly seed: number;
  readonly version: number;
  readonly call: EntryCall;
  readonly sender: SimAccount;
  readonly secondary: readonly SimAccount[];
  readonly feePayer: SimAccount | undefined;
  readonly vmStatus: string;
  readonly expirationTimestampSecs: number;
  /** The nonce of an orderless transaction. */
  readonly nonce: number | null;
}

/** The details row of a user transaction. */
export function userDetails(input: UserDetailsInput): TransactionDetailsRow {
  const { seed, version } = input;
  const signature = signatureJson({
    sender: signer(seed, input.sender, version),
    secondary: input.secondary.map((account) => ({ address: account.short, signer: signer(seed, account, version) })),
    feePayer: input.feePayer
      ? { address: input.feePayer.short, signer: signer(seed, input.feePayer, version) }
      : undefined,
  });
  return {
    vmStatus: input.vmStatus,
    expirationTimestampSecs: input.expirationTimestampSecs,
    payload: entryPayloadJson(input.call),
    payloadBcs: entryPayloadBcs(input.call, input.nonce === null ? undefined : BigInt(input.nonce)),
    signature: signature.json,
    signatureKind: signature.kind,
    secondarySigners: input.secondary.map((account) => account.address),
    feePayer: input.feePayer?.address ?? null,
    kindFields: null,
    stateCheckpointHash: null,
    accumulatorRootHash: derivedBytes(seed, `accumulator:${version}`),
  };
}

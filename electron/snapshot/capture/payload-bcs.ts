/**
 * What a user transaction's payload BCS (`TransactionPayload`) says, so a capture can hold its JSON to it: the entry
 * function called (module, name, type arguments, each argument's bytes), or a script, and the orderless transaction's
 * nonce. Variants: Script 0 {code, type arguments, TransactionArguments}, ModuleBundle 1 (retired), EntryFunction 2,
 * Multisig 3 {multisig address, Option<MultisigTransactionPayload::EntryFunction>}, Payload 4 (`V1 { executable:
 * Script 0 | EntryFunction 1 | Empty 2, extra_config: V1 { multisig_address: Option, replay_protection_nonce: Option
 * } }`). Strict: any other variant or a trailing byte is an error.
 */
import { formatAddress } from '../../../shared/address.ts';
import { decodeBcs, type BcsReader } from '../../../shared/bcs/bcs-reader.ts';
import { readTypeTag } from '../../../shared/type-tag-bcs.ts';
import { formatTypeTag } from '../../../shared/type-tag.ts';

/** An entry function call as its BCS holds it. */
export interface EntryFunctionBcs {
  /** `0xaddress::module::function`, address short as the node shows it. */
  readonly function: string;
  readonly typeArguments: readonly string[];
  readonly arguments: readonly Uint8Array[];
}

/** A decoded payload: the call (undefined for a script or an empty executable) and the replay nonce. */
export interface PayloadBcs {
  readonly kind: 'entry_function' | 'script' | 'multisig' | 'empty';
  readonly entryFunction: EntryFunctionBcs | undefined;
  readonly nonce: bigint | undefined;
}

function entryFunction(r: BcsReader): EntryFunctionBcs {
  const address = formatAddress(r.address());
  const module = r.string();
  const name = r.string();
  const typeArguments = r.vector((rr) => formatTypeTag(readTypeTag(rr)));
  return { function: `${address}::${module}::${name}`, typeArguments, arguments: r.vector((rr) => rr.bytes()) };
}

/** `TransactionArgument`: U8 0, U64 1, U128 2, Address 3, U8Vector 4, Bool 5, U16 6, U32 7, U256 8, Serialized 9. */
function scriptArgument(r: BcsReader): void {
  const variant = r.variantIndex();
  const sizes = [1, 8, 16, 32, -1, 1, 2, 4, 32, -1];
  const size = sizes[variant];
  if (size === undefined) throw new Error(`TransactionArgument variant ${variant}`);
  if (size < 0) r.bytes();
  else r.take(size, 'script argument');
}

function script(r: BcsReader): void {
  r.bytes();
  r.vector(readTypeTag);
  r.vector(scriptArgument);
}

function read(r: BcsReader): PayloadBcs {
  const variant = r.variantIndex();
  switch (variant) {
    case 0:
      script(r);
      return { kind: 'script', entryFunction: undefined, nonce: undefined };
    case 2:
      return { kind: 'entry_function', entryFunction: entryFunction(r), nonce: undefined };
    case 3: {
      r.address();
      const call = r.option((rr) => {
        const inner = rr.variantIndex();
        if (inner !== 0) throw new Error(`MultisigTransactionPayload variant ${inner}`);
        return entryFunction(rr);
      });
      return { kind: 'multisig', entryFunction: call, nonce: undefined };
    }
    case 4: {
      if (r.variantIndex() !== 0) throw new Error('TransactionPayloadInner is not V1');
      const executable = r.variantIndex();
      let call: EntryFunctionBcs | undefined;
      if (executable === 0) script(r);
      else if (executable === 1) call = entryFunction(r);
      else if (executable !== 2) throw new Error(`TransactionExecutable variant ${executable}`);
      if (r.variantIndex() !== 0) throw new Error('TransactionExtraConfig is not V1');
      const multisig = r.option((rr) => rr.address());
      const nonce = r.option((rr) => rr.u64());
      const kind =
        multisig !== undefined ? 'multisig' : executable === 0 ? 'script' : call ? 'entry_function' : 'empty';
      return { kind, entryFunction: call, nonce };
    }
    default:
      throw new Error(`TransactionPayload variant ${variant}`);
  }
}

/** Decodes a payload's BCS (throws on anything it cannot read to the last byte). */
export function decodePayloadBcs(bytes: Uint8Array): PayloadBcs {
  return decodeBcs(bytes, read);
}

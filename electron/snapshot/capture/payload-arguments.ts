/**
 * Whether the argument values a node's payload JSON shows are the ones its payload BCS carries (which the
 * transaction's hash proves): each JSON argument, encoded by the entry function's parameter type (from the
 * function's module ABI at the captured version, generic parameters replaced by the call's type arguments, signers
 * skipped), must be the BCS argument's bytes.
 */
import { encodeMoveValue } from '../../../shared/move/encode.ts';
import { parseAbiType, parseTypeTag } from '../../../shared/type-tag.ts';
import { jsonIn } from './json-out-to-in.ts';
import type { ModuleSet } from './module-set.ts';
import { decodePayloadBcs } from './payload-bcs.ts';

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

/** Why the payload JSON's arguments are not the payload BCS's; undefined when they are (or there is no call). */
export async function argumentsDisagreement(
  payloadJson: string | null,
  payloadBcs: Uint8Array,
  modules: ModuleSet,
): Promise<string | undefined> {
  const call = decodePayloadBcs(payloadBcs).entryFunction;
  const json = JSON.parse(payloadJson ?? 'null') as { arguments?: unknown } | null;
  if (call === undefined || !Array.isArray(json?.arguments)) return undefined;
  const separator = call.function.lastIndexOf('::');
  const moduleId = call.function.slice(0, separator);
  const name = call.function.slice(separator + 2);
  const split = moduleId.lastIndexOf('::');
  const abi = await modules.abi(moduleId.slice(0, split), moduleId.slice(split + 2));
  const fn = abi?.exposed_functions.find((candidate) => candidate.name === name);
  if (fn === undefined) return `its function ${call.function} is not in its module's ABI`;
  const params = fn.params.filter((param) => param !== 'signer' && param !== '&signer');
  if (params.length !== call.arguments.length)
    return `its function takes ${params.length} arguments, its payload BCS has ${call.arguments.length}`;
  const typeArguments = call.typeArguments.map((text) => parseTypeTag(text));
  const layouts = await modules.layouts(params.map((param) => parseAbiType(param, typeArguments)));
  for (const [i, layout] of layouts.entries()) {
    let bytes: Uint8Array;
    try {
      bytes = encodeMoveValue(jsonIn(json.arguments[i], layout), layout);
    } catch (error) {
      return `its payload JSON argument ${i} does not fit ${params[i]} (${(error as Error).message.slice(0, 120)})`;
    }
    if (!same(bytes, call.arguments[i] ?? new Uint8Array(0)))
      return `its payload JSON argument ${i} is not the payload BCS one`;
  }
  return undefined;
}

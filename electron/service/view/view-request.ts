/**
 * `POST /v1/view` over a snapshot: validates the request as the node does (function id, type and
 * argument counts against the function's signature, each argument's JSON by its parameter type),
 * runs the function's state computation (view-functions.ts), and renders the results by the
 * declared return types — JSON (the node's Move value rendering) and BCS (ULEB128 count, then each
 * value). A function not in the table is refused: a snapshot runs no Move code.
 */
import { BcsReader } from '../../../shared/bcs/bcs-reader.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { CodecError } from '../../../shared/codec-error.ts';
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import { decodeMoveValue } from '../../../shared/move/decode.ts';
import { encodeMoveValue } from '../../../shared/move/encode.ts';
import { resolveLayout, type MoveLayout } from '../../../shared/move/layout.ts';
import type { MoveJson } from '../../../shared/move/move-json.ts';
import { quoteString } from '../../../shared/quote-input.ts';
import { ADDRESS_LENGTH, normalizeAddress, isAddress, formatAddress } from '../../../shared/address.ts';
import { isIdentifier, parseAbiType, parseTypeTag, readTypeTag, type TypeTag } from '../../../shared/type-tag.ts';
import { addressToObject } from './fa-semantics.ts';
import type { StateReader } from './state-reader.ts';
import { ViewError, viewInput } from './view-error.ts';
import { MAX_BODY_VALUES } from '../request-limits.ts';
import { objectParamResource, VIEW_FUNCTIONS } from './view-functions.ts';
import { debugJson, jsonTypeName } from './view-json-names.ts';

/** Content type of a BCS view request body. */
export const VIEW_BCS_CONTENT_TYPE = 'application/x.aptos.view_function+bcs';

/** A view's answer in both renderings: JSON values (the reply array) and the BCS reply body. */
export interface ViewResult {
  readonly json: readonly MoveJson[];
  readonly bcs: Uint8Array;
}

// Only the return types need a struct layout (TypeInfo, fungible asset Metadata); everything else is a primitive,
// String, Option or Object.
const STRING = '0x1::string::String';
const RETURN_STRUCTS: readonly MoveModuleAbi[] = [
  returnStructAbi(
    'type_info',
    'TypeInfo',
    ['copy', 'drop', 'store'],
    [
      ['account_address', 'address'],
      ['module_name', 'vector<u8>'],
      ['struct_name', 'vector<u8>'],
    ],
  ),
  returnStructAbi(
    'fungible_asset',
    'Metadata',
    ['copy', 'drop', 'key'],
    [
      ['name', STRING],
      ['symbol', STRING],
      ['decimals', 'u8'],
      ['icon_uri', STRING],
      ['project_uri', STRING],
    ],
  ),
];

function returnStructAbi(
  module: string,
  name: string,
  abilities: readonly string[],
  fields: readonly (readonly [string, string])[],
): MoveModuleAbi {
  return {
    address: '0x1',
    name: module,
    friends: [],
    exposed_functions: [],
    structs: [
      {
        name,
        is_native: false,
        abilities: [...abilities],
        generic_type_params: [],
        fields: fields.map(([field, type]) => ({ name: field, type })),
      },
    ],
  };
}

const lookup = (address: string, module: string): MoveModuleAbi | undefined =>
  address === '0x1' ? RETURN_STRUCTS.find((abi) => abi.name === module) : undefined;

function layoutOf(type: string, typeArgs: readonly TypeTag[]): MoveLayout {
  return resolveLayout(parseAbiType(type, typeArgs), lookup);
}

function framework(message: string): ViewError {
  return new ViewError(400, 'web_framework_error', `parse request payload error: ${message}`);
}

/** `address::module::name` with the address normalized, or a 400 like the node's payload parser. */
function parseFunctionId(text: string): string {
  const parts = text.split('::');
  const [address, module, name] = parts;
  if (parts.length !== 3 || address === undefined || module === undefined || name === undefined) {
    throw framework(`invalid function id ${quoteString(text)}: expected address::module::function`);
  }
  if (!isAddress(address) || !isIdentifier(module) || !isIdentifier(name)) {
    throw framework(`invalid function id ${quoteString(text)}: expected address::module::function`);
  }
  return `${normalizeAddress(address)}::${module}::${name}`;
}

function notAnswered(id: string): ViewError {
  return viewInput(
    `${id} cannot be answered from a snapshot: a snapshot runs no Move code, it answers only the framework ` +
      `view functions it computes from state (${[...VIEW_FUNCTIONS.keys()].join(', ')})`,
  );
}

/** Runs a validated call: checks Object arguments as the VM builds them, then renders the results. */
function run(
  reader: StateReader,
  id: string,
  typeArgs: readonly TypeTag[],
  args: readonly Uint8Array[],
  version: bigint,
): ViewResult {
  const fn = VIEW_FUNCTIONS.get(id);
  if (fn === undefined) throw notAnswered(id);
  fn.params.forEach((param, i) => {
    const resource = objectParamResource(param, typeArgs);
    const address = args[i];
    if (resource !== undefined && address !== undefined) addressToObject(reader, address, resource, version);
  });
  const values = fn.run({ reader, version, typeArgs, args });
  const w = new BcsWriter(64).uleb128(values.length);
  const json = values.map((value, i) => {
    const bytes = encodeMoveValue(value, layoutOf(fn.returns[i] ?? 'bool', typeArgs));
    w.fixedBytes(bytes);
    return decodeMoveValue(bytes, layoutOf(fn.returns[i] ?? 'bool', typeArgs));
  });
  return { json, bcs: w.toBytes() };
}

function checkTypeArgCount(id: string, expected: number, got: number): void {
  if (expected !== got) {
    throw viewInput(`expected ${expected} type arguments for view function ${id}, but got ${got}`);
  }
}

function checkArgCount(id: string, expected: number, got: number): void {
  if (expected !== got) throw viewInput(`expected ${expected} arguments for view function ${id}, but got ${got}`);
}

/**
 * Answers a JSON view request body (`{function, type_arguments, arguments}`, already parsed as JSON)
 * at `version`. Throws ViewError with the node's status and code.
 */
export function callView(reader: StateReader, body: unknown, version: bigint): ViewResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw framework('expected a JSON object');
  const request = body as Readonly<Record<string, unknown>>;
  for (const field of ['function', 'type_arguments', 'arguments']) {
    if (!Object.hasOwn(request, field)) throw framework(`missing field \`${field}\``);
  }
  const { function: functionText, type_arguments: typeTexts, arguments: argJson } = request;
  if (typeof functionText !== 'string') throw framework('field `function` must be a string');
  if (!Array.isArray(typeTexts) || !typeTexts.every((t) => typeof t === 'string')) {
    throw framework('field `type_arguments` must be an array of strings');
  }
  if (!Array.isArray(argJson)) throw framework('field `arguments` must be an array');
  const id = parseFunctionId(functionText);
  const typeArgs = (typeTexts as string[]).map((text) => {
    try {
      return parseTypeTag(text);
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      throw framework(`invalid type argument ${quoteString(text)}: ${error.message}`);
    }
  });
  const fn = VIEW_FUNCTIONS.get(id);
  if (fn === undefined) throw notAnswered(id);
  checkTypeArgCount(id, fn.generics, typeArgs.length);
  if (argJson.length !== fn.params.length) {
    const names = fn.params.map((p) => jsonTypeName(parseAbiType(p, typeArgs))).join(', ');
    throw viewInput(
      `expected ${fn.params.length} arguments [${names}], but got ${argJson.length} (${debugJson(argJson)})`,
    );
  }
  const args = fn.params.map((param, i) => {
    const tag = parseAbiType(param, typeArgs);
    try {
      return encodeMoveValue(argJson[i], layoutOf(param, typeArgs));
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      throw viewInput(`parse arguments[${i}] failed, expect ${jsonTypeName(tag)}, caused by error: ${error.message}`);
    }
  });
  return run(reader, id, typeArgs, args, version);
}

/**
 * Answers a BCS view request (`application/x.aptos.view_function+bcs`): BCS of `ViewFunction {
 * module: ModuleId { address, name }, function, ty_args: vector<TypeTag>, args: vector<vector<u8>> }`.
 * Undecodable bytes, or an argument that is not a 32-byte address: 400 `invalid_input`. The two counts, and each
 * argument's size, are checked against the function's signature as soon as they are read, before any element (an
 * 8 MiB body of 8.4 M empty arguments was 1.8 GB and 19 s when counted afterwards); an unknown function's elements
 * spend from the request's budget (electron/service/request-limits.ts) until it is refused.
 */
export function callViewBcs(reader: StateReader, body: Uint8Array, version: bigint): ViewResult {
  let id: string;
  let typeArgs: TypeTag[];
  let args: Uint8Array[];
  try {
    const r = new BcsReader(body, { maxElements: MAX_BODY_VALUES });
    const address = formatAddress(r.address());
    const module = r.string();
    const name = r.string();
    if (!isIdentifier(module) || !isIdentifier(name)) throw new CodecError('module or function is not an identifier');
    id = `${address}::${module}::${name}`;
    const fn = VIEW_FUNCTIONS.get(id);
    typeArgs = r.vector(readTypeTag, (count) => {
      if (fn !== undefined) checkTypeArgCount(id, fn.generics, count);
    });
    let index = 0;
    args = r.vector(
      (a) => {
        // Every function the table answers takes addresses: a size that is not 32 is refused before it is copied.
        const size = a.count('argument bytes', 1);
        if (fn !== undefined && size !== ADDRESS_LENGTH) {
          throw viewInput(`argument ${index} of ${id} must be 32 bytes (an address), got ${size}`);
        }
        index += 1;
        return a.fixedBytes(size);
      },
      (count) => {
        if (fn !== undefined) checkArgCount(id, fn.params.length, count);
      },
    );
    r.assertFinished();
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    throw viewInput(`Failed to deserialize input into ViewRequest: ${error.message}`);
  }
  const fn = VIEW_FUNCTIONS.get(id);
  if (fn === undefined) throw notAnswered(id);
  return run(reader, id, typeArgs, args, version);
}

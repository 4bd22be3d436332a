/**
 * The view functions a snapshot answers, each with the signature the framework declares (generic
 * count, parameters, returns — as ABI type text with `T0` for the type argument) and its
 * computation over state. Returns are "JSON in" Move values (u64 as a decimal string, Option as
 * `{"vec": [...]}`, Object as its address); view-request.ts encodes them to BCS by the declared
 * return types and renders the node's JSON from those bytes.
 */
import { formatAddress } from '../../../shared/address.ts';
import type { MoveJson } from '../../../shared/move/move-json.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import { structTag, type StructTag, type TypeTag } from '../../../shared/type-tag.ts';
import { storeBalance } from './balances.ts';
import {
  coinBalanceView,
  coinInfoView,
  coinSupplyView,
  FRAMEWORK,
  isAccountRegisteredView,
  pairedMetadataView,
} from './coin-semantics.ts';
import { EACCOUNT_DOES_NOT_EXIST, FEATURE } from './framework-aborts.ts';
import { faMetadataView, faSupply, objectOwnerView } from './fa-semantics.ts';
import {
  isFeatureEnabled,
  readFeatures,
  readObjectOwner,
  readPairedCoinType,
  readSequenceNumber,
} from './framework-state.ts';
import { primaryStoreAddress } from '../../../shared/object-address.ts';
import type { StateReader } from './state-reader.ts';
import { moveAbort, viewInput } from './view-error.ts';

/** What an implementation gets: state, version, the type arguments and the (address) arguments. */
export interface ViewCall {
  readonly reader: StateReader;
  readonly version: bigint;
  readonly typeArgs: readonly TypeTag[];
  /** Every parameter of the answered functions is an address or an Object (its address). */
  readonly args: readonly Uint8Array[];
}

/** One answered function: declared signature and implementation. */
export interface ViewFunction {
  readonly generics: number;
  readonly params: readonly string[];
  readonly returns: readonly string[];
  readonly run: (call: ViewCall) => readonly MoveJson[];
}

const METADATA = '0x1::object::Object<0x1::fungible_asset::Metadata>';
const OBJECT_T0 = '0x1::object::Object<T0>';
const METADATA_TAG = structTag('0x1', 'fungible_asset', 'Metadata');
const OPTION_U128 = '0x1::option::Option<u128>';

/** The struct a type argument names (the functions here all need a struct: a coin type or a resource). */
export function structArg(call: ViewCall, index = 0): StructTag {
  const tag = call.typeArgs[index];
  if (tag === undefined || tag.kind !== 'struct') {
    throw viewInput(`type argument ${index} must be a struct type for this function`);
  }
  return tag.struct;
}

function arg(call: ViewCall, index: number): Uint8Array {
  const value = call.args[index];
  if (value === undefined) throw new Error(`argument ${index} missing after validation`);
  return value;
}

const option = (value: MoveJson | undefined): MoveJson => ({ vec: value === undefined ? [] : [value] });

function coinInfoField(field: 'name' | 'symbol' | 'decimals'): ViewFunction {
  return {
    generics: 1,
    params: [],
    returns: [field === 'decimals' ? 'u8' : '0x1::string::String'],
    run: (call) => [coinInfoView(call.reader, structArg(call), call.version, field)[field]],
  };
}

function faMetadataField(field: 'name' | 'symbol' | 'decimals'): ViewFunction {
  return {
    generics: 1,
    params: [OBJECT_T0],
    returns: [field === 'decimals' ? 'u8' : '0x1::string::String'],
    run: (call) => [faMetadataView(call.reader, arg(call, 0), call.version, field)[field]],
  };
}

/** Answered functions by `address::module::name` (address in short form). */
export const VIEW_FUNCTIONS: ReadonlyMap<string, ViewFunction> = new Map<string, ViewFunction>([
  [
    '0x1::coin::balance',
    {
      generics: 1,
      params: ['address'],
      returns: ['u64'],
      run: (c) => [coinBalanceView(c.reader, arg(c, 0), structArg(c), c.version).toString()],
    },
  ],
  [
    '0x1::coin::paired_coin',
    {
      generics: 0,
      params: [METADATA],
      returns: ['0x1::option::Option<0x1::type_info::TypeInfo>'],
      run: (c) => {
        const info = readPairedCoinType(c.reader, arg(c, 0), c.version);
        return [
          option(
            info && {
              account_address: formatAddress(info.accountAddress),
              module_name: bytesToHex(info.moduleName),
              struct_name: bytesToHex(info.structName),
            },
          ),
        ];
      },
    },
  ],
  [
    '0x1::coin::paired_metadata',
    {
      generics: 1,
      params: [],
      returns: [`0x1::option::Option<${METADATA}>`],
      run: (c) => {
        const metadata = pairedMetadataView(c.reader, structArg(c), c.version);
        return [option(metadata && formatAddress(metadata))];
      },
    },
  ],
  [
    '0x1::coin::is_account_registered',
    {
      generics: 1,
      params: ['address'],
      returns: ['bool'],
      run: (c) => [isAccountRegisteredView(c.reader, arg(c, 0), structArg(c), c.version)],
    },
  ],
  ['0x1::coin::name', coinInfoField('name')],
  ['0x1::coin::symbol', coinInfoField('symbol')],
  ['0x1::coin::decimals', coinInfoField('decimals')],
  [
    '0x1::coin::supply',
    {
      generics: 1,
      params: [],
      returns: [OPTION_U128],
      run: (c) => [option(coinSupplyView(c.reader, structArg(c), c.version)?.toString())],
    },
  ],
  [
    '0x1::primary_fungible_store::balance',
    {
      generics: 1,
      params: ['address', OBJECT_T0],
      returns: ['u64'],
      run: (c) => [storeBalance(c.reader, primaryStoreAddress(arg(c, 0), arg(c, 1)), c.version).toString()],
    },
  ],
  ['0x1::fungible_asset::name', faMetadataField('name')],
  ['0x1::fungible_asset::symbol', faMetadataField('symbol')],
  ['0x1::fungible_asset::decimals', faMetadataField('decimals')],
  [
    '0x1::fungible_asset::metadata',
    {
      generics: 1,
      params: [OBJECT_T0],
      returns: ['0x1::fungible_asset::Metadata'],
      // A copy of the whole resource, fields in declaration order (fungible_asset.move).
      run: (c) => {
        const m = faMetadataView(c.reader, arg(c, 0), c.version, 'metadata');
        const { name, symbol, decimals, iconUri: icon_uri, projectUri: project_uri } = m;
        return [{ name, symbol, decimals, icon_uri, project_uri }];
      },
    },
  ],
  [
    '0x1::fungible_asset::supply',
    {
      generics: 1,
      params: [OBJECT_T0],
      returns: [OPTION_U128],
      run: (c) => [option(faSupply(c.reader, arg(c, 0), c.version)?.toString())],
    },
  ],
  [
    '0x1::account::exists_at',
    {
      generics: 0,
      params: ['address'],
      returns: ['bool'],
      run: (c) => [
        isFeatureEnabled(readFeatures(c.reader, FRAMEWORK, c.version), FEATURE.defaultAccountResource) ||
          readSequenceNumber(c.reader, arg(c, 0), c.version) !== undefined,
      ],
    },
  ],
  [
    '0x1::account::get_sequence_number',
    {
      generics: 0,
      params: ['address'],
      returns: ['u64'],
      run: (c) => {
        const sequenceNumber = readSequenceNumber(c.reader, arg(c, 0), c.version);
        if (sequenceNumber !== undefined) return [sequenceNumber.toString()];
        if (isFeatureEnabled(readFeatures(c.reader, FRAMEWORK, c.version), FEATURE.defaultAccountResource))
          return ['0'];
        throw moveAbort('0x1::account', EACCOUNT_DOES_NOT_EXIST);
      },
    },
  ],
  [
    '0x1::object::owner',
    {
      generics: 1,
      params: [OBJECT_T0],
      returns: ['address'],
      run: (c) => [formatAddress(objectOwnerView(c.reader, arg(c, 0), c.version))],
    },
  ],
  [
    '0x1::object::is_object',
    {
      generics: 0,
      params: ['address'],
      returns: ['bool'],
      run: (c) => [readObjectOwner(c.reader, arg(c, 0), c.version) !== undefined],
    },
  ],
]);

/**
 * The struct an `Object<…>` parameter's argument must hold, given the call's type arguments
 * (`undefined` for an address parameter). An `Object<T0>` whose T0 is not a struct cannot satisfy
 * `T: key`: the VM refuses such an instantiation, so do we.
 */
export function objectParamResource(param: string, typeArgs: readonly TypeTag[]): StructTag | undefined {
  if (param === METADATA) return METADATA_TAG;
  if (param !== OBJECT_T0) return undefined;
  const t = typeArgs[0];
  if (t?.kind !== 'struct') throw viewInput('type argument 0 must be a struct type (T: key) for this function');
  return t.struct;
}

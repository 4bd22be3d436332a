/**
 * The framework's view functions (`#[view]`) that the official SDK resolves before calling `POST /v1/view`: it
 * reads `/v1/accounts/0x1/module/{module}` and looks the function up in `exposed_functions` (`is_view`, generic
 * parameters, parameter and return types) to encode the arguments. Declared here with the signatures of the
 * framework's Move sources (coin.move, primary_fungible_store.move, fungible_asset.move, account.move,
 * object.move), written in the ABI's type text (`T0` for the first type parameter); the read service answers
 * exactly these functions (docs/api.md, "View functions a snapshot answers").
 */
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import { functionAbi, type FunctionSpec } from './abi-builder.ts';

const METADATA = '0x1::object::Object<0x1::fungible_asset::Metadata>';
const OBJECT_T0 = '0x1::object::Object<T0>';
const STRING = '0x1::string::String';
const OPTION_U128 = '0x1::option::Option<u128>';
/** `<T: key>`. */
const KEY_GENERIC = [['key']] as const;
/** `<CoinType>` (no constraint). */
const ANY_GENERIC = [[]] as const;

const view = (
  name: string,
  constraints: readonly (readonly string[])[],
  params: readonly string[],
  returns: readonly string[],
): FunctionSpec => ({ name, constraints, params, returns, view: true });

/** View functions by module name (all at 0x1). */
export const FRAMEWORK_VIEWS: Readonly<Record<string, readonly FunctionSpec[]>> = {
  coin: [
    view('balance', ANY_GENERIC, ['address'], ['u64']),
    view('paired_coin', [], [METADATA], ['0x1::option::Option<0x1::type_info::TypeInfo>']),
    view('paired_metadata', ANY_GENERIC, [], [`0x1::option::Option<${METADATA}>`]),
    view('is_account_registered', ANY_GENERIC, ['address'], ['bool']),
    view('name', ANY_GENERIC, [], [STRING]),
    view('symbol', ANY_GENERIC, [], [STRING]),
    view('decimals', ANY_GENERIC, [], ['u8']),
    view('supply', ANY_GENERIC, [], [OPTION_U128]),
  ],
  primary_fungible_store: [view('balance', KEY_GENERIC, ['address', OBJECT_T0], ['u64'])],
  fungible_asset: [
    view('name', KEY_GENERIC, [OBJECT_T0], [STRING]),
    view('symbol', KEY_GENERIC, [OBJECT_T0], [STRING]),
    view('decimals', KEY_GENERIC, [OBJECT_T0], ['u8']),
    view('supply', KEY_GENERIC, [OBJECT_T0], [OPTION_U128]),
    view('metadata', KEY_GENERIC, [OBJECT_T0], ['0x1::fungible_asset::Metadata']),
  ],
  account: [view('exists_at', [], ['address'], ['bool']), view('get_sequence_number', [], ['address'], ['u64'])],
  object: [view('owner', KEY_GENERIC, [OBJECT_T0], ['address']), view('is_object', [], ['address'], ['bool'])],
};

/** `abi` with the view functions of its module (0x1 only) appended to its exposed functions. */
export function withViews(abi: MoveModuleAbi): MoveModuleAbi {
  const views = abi.address === '0x1' ? FRAMEWORK_VIEWS[abi.name] : undefined;
  if (!views) return abi;
  return { ...abi, exposed_functions: [...abi.exposed_functions, ...views.map(functionAbi)] };
}

/**
 * The framework abort reasons the answered view functions can raise, with the constant names and
 * doc comments of the framework's error maps (what the node prints after "Move abort in …").
 */
import { ERROR_CATEGORY, type AbortReason } from './view-error.ts';

/** `0x1::object` EOBJECT_DOES_NOT_EXIST, raised by `address_to_object` and `owner`. */
export const EOBJECT_DOES_NOT_EXIST: AbortReason = {
  name: 'EOBJECT_DOES_NOT_EXIST',
  reason: 2,
  category: ERROR_CATEGORY.notFound,
  description: 'An object does not exist at this address',
};

/** `0x1::object` ERESOURCE_DOES_NOT_EXIST, raised by `address_to_object<T>` when T is not at the address. */
export const ERESOURCE_DOES_NOT_EXIST: AbortReason = {
  name: 'ERESOURCE_DOES_NOT_EXIST',
  reason: 7,
  category: ERROR_CATEGORY.notFound,
  description: 'The resource is not stored at the specified address.',
};

/** `0x1::coin` ECOIN_INFO_NOT_PUBLISHED (`is_account_registered` of an uninitialized coin). */
export const ECOIN_INFO_NOT_PUBLISHED: AbortReason = {
  name: 'ECOIN_INFO_NOT_PUBLISHED',
  reason: 3,
  category: ERROR_CATEGORY.invalidArgument,
  description: "`CoinType` hasn't been initialized as a coin",
};

/** `0x1::coin` EMIGRATION_FRAMEWORK_NOT_ENABLED (pairing needs feature 60). */
export const EMIGRATION_FRAMEWORK_NOT_ENABLED: AbortReason = {
  name: 'EMIGRATION_FRAMEWORK_NOT_ENABLED',
  reason: 26,
  category: ERROR_CATEGORY.invalidState,
  description: 'The migration process from coin to fungible asset is not enabled yet.',
};

/** `0x1::coin` ECOIN_CONVERSION_MAP_NOT_FOUND. */
export const ECOIN_CONVERSION_MAP_NOT_FOUND: AbortReason = {
  name: 'ECOIN_CONVERSION_MAP_NOT_FOUND',
  reason: 27,
  category: ERROR_CATEGORY.notFound,
  description: 'The coin converison map is not created yet.',
};

/** `0x1::coin` EAPT_PAIRING_IS_NOT_ENABLED (APT is paired only by governance). */
export const EAPT_PAIRING_IS_NOT_ENABLED: AbortReason = {
  name: 'EAPT_PAIRING_IS_NOT_ENABLED',
  reason: 28,
  category: ERROR_CATEGORY.invalidState,
  description: 'APT pairing is not eanbled yet.',
};

/** `0x1::account` EACCOUNT_DOES_NOT_EXIST (`get_sequence_number` without an account, feature 91 off). */
export const EACCOUNT_DOES_NOT_EXIST: AbortReason = {
  name: 'EACCOUNT_DOES_NOT_EXIST',
  reason: 2,
  category: ERROR_CATEGORY.notFound,
  description: 'Account does not exist',
};

/** `0x1::option` EOPTION_NOT_SET (`destroy_some` of none, in `coin::supply`). */
export const EOPTION_NOT_SET: AbortReason = {
  name: 'EOPTION_NOT_SET',
  reason: 1,
  category: 0x4,
  description:
    'The `Option` is in an invalid state for the operation attempted. ' +
    'The `Option` is `None` while it should be `Some`.',
};

/** Feature flags read by the answered functions (std::features). */
export const FEATURE = {
  coinToFungibleAssetMigration: 60,
  newAccountsDefaultToFaStore: 64,
  newAccountsDefaultToFaAptStore: 65,
  defaultAccountResource: 91,
} as const;

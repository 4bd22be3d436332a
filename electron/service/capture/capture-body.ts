/**
 * The body of `POST /explorer/v1/capture`, checked: accounts (normalised and de-duplicated, see
 * capture-accounts.ts), an optional `ledger_version` and table items.
 */
import { isAddress } from '../../../shared/address.ts';
import { parseTypeTag } from '../../../shared/type-tag.ts';
import type { TableItemRequest } from '../../snapshot/capture/capture-types.ts';
import { describeError, invalidInput } from '../http-errors.ts';
import { uniqueAccounts } from './capture-accounts.ts';
import { isU64Text } from '../../../shared/ledger/u64.ts';

/** At most this many accounts (as given, repeats included) and table items per capture request. */
export const MAX_CAPTURE_ACCOUNTS = 100;
const MAX_TABLE_ITEMS = 1000;

/** A checked capture request. */
export interface CaptureBody {
  /** Each account once, canonical form. */
  readonly accounts: readonly string[];
  readonly version: bigint | undefined;
  readonly tables: readonly TableItemRequest[];
}

function parseTables(tablesJson: unknown): TableItemRequest[] {
  if (!Array.isArray(tablesJson) || tablesJson.length > MAX_TABLE_ITEMS)
    throw invalidInput(`"tables" must be a list of at most ${MAX_TABLE_ITEMS} items`);
  return tablesJson.map((item: unknown): TableItemRequest => {
    const record = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const { handle, key_type: keyType, value_type: valueType, key } = record;
    if (
      typeof handle !== 'string' ||
      !isAddress(handle) ||
      typeof keyType !== 'string' ||
      typeof valueType !== 'string' ||
      key === undefined
    ) {
      throw invalidInput('each of "tables" must be {"handle", "key_type", "value_type", "key"}');
    }
    try {
      parseTypeTag(keyType);
      parseTypeTag(valueType);
    } catch (error) {
      throw invalidInput(`table item types: ${describeError(error)}`);
    }
    return { handle, keyType, valueType, key };
  });
}

/** Checks a capture request's JSON body (400 `invalid_input` on anything wrong), before any read. */
export function parseCaptureBody(body: Readonly<Record<string, unknown>>): CaptureBody {
  const accounts = body['accounts'];
  if (
    !Array.isArray(accounts) ||
    accounts.length === 0 ||
    accounts.length > MAX_CAPTURE_ACCOUNTS ||
    !accounts.every((a) => typeof a === 'string' && isAddress(a))
  ) {
    throw invalidInput(`"accounts" must be a list of 1 to ${MAX_CAPTURE_ACCOUNTS} addresses`);
  }
  const versionText = body['ledger_version'];
  if (versionText !== undefined && (typeof versionText !== 'string' || !isU64Text(versionText))) {
    throw invalidInput('"ledger_version" must be a decimal u64 string');
  }
  return {
    accounts: uniqueAccounts(accounts as string[]).accounts,
    version: versionText === undefined ? undefined : BigInt(versionText),
    tables: parseTables(body['tables'] ?? []),
  };
}

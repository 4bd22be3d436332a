/**
 * The accounts of a capture, normalised and de-duplicated before anything is read. The same account
 * written twice (`0x1` twice, or `0x1` and `0x01`, or the 66-character long form) is captured once:
 * reading it twice would cost every read again and then fail when the second copy is written
 * (one row per account and state key). Shared by the capture route and `snapshot capture`.
 */
import { normalizeAddress } from '../../../shared/address.ts';

/** The distinct accounts of a request, and the entries dropped as repeats of an earlier one. */
export interface UniqueAccounts {
  /** Each account once, in its canonical (short) form, in the order first given. */
  readonly accounts: readonly string[];
  /** Each dropped entry as given, with the canonical form it repeats. */
  readonly repeats: readonly { readonly given: string; readonly account: string }[];
}

/** Normalises `addresses` (each must be a valid address: throws AddressError otherwise) and drops repeats. */
export function uniqueAccounts(addresses: readonly string[]): UniqueAccounts {
  const seen = new Set<string>();
  const accounts: string[] = [];
  const repeats: { given: string; account: string }[] = [];
  for (const given of addresses) {
    const account = normalizeAddress(given);
    if (seen.has(account)) {
      repeats.push({ given, account });
      continue;
    }
    seen.add(account);
    accounts.push(account);
  }
  return { accounts, repeats };
}

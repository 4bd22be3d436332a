/**
 * What an account page's export is about, for its provenance (export-provenance.ts): `object 0x…` when the address
 * holds an object, else `account 0x…`. Reads the same `is_object` answer the account header asked for (a cache hit).
 */
import { useQuery } from '@tanstack/react-query';
import { isObjectQuery } from '../api/queries/asset-queries.ts';
import { useLedgerVersion } from '../app/use-ledger-version.ts';

/** `account 0x…` or `object 0x…` for `address` at the view's version. */
export function useAccountSubject(address: string | undefined): string | undefined {
  const { effective } = useLedgerVersion();
  const isObject = useQuery(isObjectQuery(address, effective));
  if (address === undefined) return undefined;
  return `${isObject.data?.[0] === true ? 'object' : 'account'} ${address}`;
}

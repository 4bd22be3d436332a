/**
 * The account of the current route, in the node's short form (the canonical form on screen and in
 * query keys), or the reason the path segment is not an address.
 */
import { useParams } from 'react-router';
import { normalizeAddress } from '../../shared/address.ts';

/** The route's address: `{ address }` (short form) or `{ error }` (one sentence). */
export type AccountAddress =
  { readonly address: string; readonly error?: undefined } | { readonly address?: undefined; readonly error: string };

/** Reads and normalises `:address` of the current route. */
export function useAccountAddress(): AccountAddress {
  const { address = '' } = useParams();
  try {
    return { address: normalizeAddress(address) };
  } catch (error) {
    return {
      error: `"${address}" is not an account address: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

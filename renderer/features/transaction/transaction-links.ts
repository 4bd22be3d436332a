/**
 * Where values shown on the transaction page link to: what Move values link to anywhere
 * (renderer/lib/value-links.ts: event handles, table handles, `{inner}` object references, fields named
 * for an address), plus the fields events of what happened name their addresses by — an object
 * transfer's `from`, `to` and `object`, a fungible asset's `metadata` — all read at the transaction's
 * version, the state it produced.
 */
import { isAddress, normalizeAddress } from '../../../shared/address.ts';
import { withVersion } from '../../app/use-ledger-version.ts';
import type { JsonLinkFor } from '../../components/json-tree/json-tree.tsx';
import { moveValueLinks } from '../../lib/value-links.ts';

/** Fields of events and arguments that hold an account or object address. */
const TRANSACTION_ADDRESS_FIELD = /^(from|to|object|metadata|token|collection)$/;

/** A `linkFor` for values of the transaction at `version`. */
export function transactionValueLinks(version: string): JsonLinkFor {
  const moveLinks = moveValueLinks(version);
  return (path, value) => {
    const link = moveLinks(path, value);
    if (link !== undefined) return link;
    const field = path.at(-1);
    if (typeof field !== 'string' || !TRANSACTION_ADDRESS_FIELD.test(field)) return undefined;
    if (typeof value !== 'string' || !value.startsWith('0x') || !isAddress(value)) return undefined;
    return withVersion(`/accounts/${normalizeAddress(value)}`, version);
  };
}

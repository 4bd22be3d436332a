/**
 * What the header says of an object (an address holding `0x1::object::ObjectCore`): its owner — a link to the
 * owner's account keeping the pinned version — and whether anyone may transfer it (`allow_ungated_transfer`) or
 * only the holder of a transfer ref. Nothing for an address that is not an object.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isObjectQuery, resourceJsonQuery } from '../../api/queries/asset-queries.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { InlineError } from '../../components/status-views.tsx';
import type { MoveResourceJson } from '../../api/types.ts';

/** `0x1::object::ObjectCore`: present on every object. */
export const OBJECT_CORE = '0x1::object::ObjectCore';

/** What {@link useObjectCore} knows: the ObjectCore (null: not an object; undefined: not known yet) or a failure. */
export interface ObjectCoreState {
  readonly data: MoveResourceJson | null | undefined;
  readonly error: unknown;
}

/**
 * The object's `ObjectCore` at `version`, read only once `0x1::object::is_object` said it is one (so an account
 * costs no 404); null when the address is not an object.
 */
export function useObjectCore(address: string, version: string | undefined): ObjectCoreState {
  const isObject = useQuery(isObjectQuery(address, version));
  const verdict = isObject.data?.[0];
  const core = useQuery(resourceJsonQuery(verdict === true ? address : undefined, OBJECT_CORE, version));
  if (isObject.isError) return { data: undefined, error: isObject.error };
  if (verdict === false) return { data: null, error: undefined };
  return { data: core.data, error: core.isError ? core.error : undefined };
}

interface ObjectCoreData {
  readonly owner?: unknown;
  readonly allow_ungated_transfer?: unknown;
}

/** Props of {@link ObjectFacts}. */
export interface ObjectFactsProps {
  readonly address: string;
  readonly version: string | undefined;
}

/** The owner and transfer facts of an object (`<div>`s of the facts list), or nothing. */
export function ObjectFacts({ address, version }: ObjectFactsProps): ReactNode {
  const core = useObjectCore(address, version);
  if (core.error !== undefined) {
    return (
      <div>
        <dt>Object</dt>
        <dd>
          <InlineError error={core.error} prefix="Object facts unavailable" />
        </dd>
      </div>
    );
  }
  if (!core.data) return null;
  const data = core.data.data as ObjectCoreData;
  const owner = typeof data.owner === 'string' ? data.owner : undefined;
  return (
    <>
      <div>
        <dt>Owner</dt>
        <dd aria-label="Owner">{owner === undefined ? '—' : <AddressLink address={owner} />}</dd>
      </div>
      <div>
        <dt>Transfer</dt>
        <dd>
          {data.allow_ungated_transfer === true
            ? 'allowed (ungated transfer)'
            : 'only with a transfer ref (ungated transfer off)'}
        </dd>
      </div>
    </>
  );
}

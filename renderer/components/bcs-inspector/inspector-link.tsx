/**
 * "open in the inspector page": a link to `/inspect` with the bytes and their type in the URL, at the pinned
 * version (ABIs of struct types are read there). Bytes too long for a URL are not passed (MAX_URL_FIELD).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { withVersion } from '../../app/use-ledger-version.ts';
import { MAX_URL_FIELD } from '../../lib/use-search-fields.ts';

/** Props of {@link InspectorLink}. */
export interface InspectorLinkProps {
  readonly hex: string;
  readonly valueType: string;
  readonly pinned: string | undefined;
}

/** The link to the inspector page, or why there is none. */
export function InspectorLink({ hex, valueType, pinned }: InspectorLinkProps): ReactNode {
  if (hex.length > MAX_URL_FIELD)
    return <span>the bytes are too long to pass to the inspector page by link (use Save bytes)</span>;
  return (
    <Link to={withVersion(`/inspect?${new URLSearchParams({ hex, type: valueType }).toString()}`, pinned)}>
      open in the inspector page
    </Link>
  );
}

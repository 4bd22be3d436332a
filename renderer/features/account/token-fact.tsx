/**
 * What the header says of an object that is a token: its name as a link to the token's page
 * (renderer/features/token/, `/tokens/{id}`), from the indexer (`current_token_datas_v2` as of the view's version).
 * Nothing for an object the indexer does not know as a token, nor on a source without an indexer.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { tokenDataQuery } from '../../api/queries/token-page-queries.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { tokenPath } from '../../lib/token-path.ts';

/** Props of {@link TokenFact}. */
export interface TokenFactProps {
  readonly address: string;
  /** Whether the address is an object (only objects are read: an account costs no indexer request). */
  readonly isObject: boolean;
}

/** The "Token" fact of an object's header (a `<div>` of the facts list), or nothing. */
export function TokenFact({ address, isObject }: TokenFactProps): ReactNode {
  const { effective, pinned } = useLedgerVersion();
  const token = useQuery({ ...tokenDataQuery(address, effective), enabled: isObject });
  const row = token.data?.token;
  if (row === undefined) return null;
  return (
    <div>
      <dt>Token</dt>
      <dd>
        <Link to={withVersion(tokenPath(address), pinned)}>{row.token_name || '(unnamed)'}</Link>{' '}
        <span className="muted">— its owner history and activities</span>
      </dd>
    </div>
  );
}

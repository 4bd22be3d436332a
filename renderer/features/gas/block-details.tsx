/**
 * The facts of one block under the chart's cursor (or the newest block when nothing is hovered): the
 * block links to its page, its first and last versions to their transactions (the pinned version kept, as every
 * link does).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { VersionLink } from '../../components/version-link.tsx';
import type { BlockJson } from '../../api/types.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { formatUsec } from '../../lib/format-time.ts';

/** One block's gas facts as a definition list. */
export function BlockDetails({ block }: { readonly block: BlockJson }): ReactNode {
  const { pinned } = useLedgerVersion();
  return (
    <dl className="block-details" aria-label={`Block ${block.height}`}>
      <dt>Block</dt>
      <dd className="mono">
        <Link to={withVersion(`/blocks/${block.height}`, pinned)}>{block.height}</Link>
      </dd>
      <dt>Time</dt>
      <dd>{formatUsec(block.timestamp_usec)}</dd>
      <dt>Versions</dt>
      <dd className="mono">
        <VersionLink version={block.first_version} />–<VersionLink version={block.last_version} />
      </dd>
      <dt>User transactions</dt>
      <dd>{block.user_transactions}</dd>
      <dt>Lowest price paid</dt>
      <dd>{block.min_gas_unit_price ?? '—'}</dd>
      <dt>Inclusion price</dt>
      <dd>{block.inclusion_price} octas / gas unit</dd>
      <dt>Full</dt>
      <dd>
        {block.full ? 'yes' : 'no'}
        {block.block_limit_reached ? ' (block limit reached)' : ''}
        {block.dominated_by_one_contract ? ' (dominated by one contract)' : ''}
      </dd>
    </dl>
  );
}

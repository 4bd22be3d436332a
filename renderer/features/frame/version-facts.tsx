/**
 * The facts shown next to the time-travel control for the chosen version: its block (a link to the
 * block's page) and block time, and its transaction (a link to its page), or why there are none
 * (pruned — oldest retained is N; not yet).
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { versionInfoQuery } from '../../api/queries/explorer-queries.ts';
import { InlineError } from '../../components/status-views.tsx';
import { VersionLink } from '../../components/version-link.tsx';
import { assertNever } from '../../../shared/assert-never.ts';
import { formatUsec } from '../../lib/format-time.ts';
import type { VersionStanding } from './version-range.ts';

function RetainedFacts({ version }: { readonly version: string }): ReactNode {
  const info = useQuery(versionInfoQuery(version));
  if (info.isPending) return <span className="version-facts muted">block …</span>;
  if (info.isError) return <InlineError className="version-facts" error={info.error} />;
  return (
    <span className="version-facts">
      block{' '}
      <Link className="mono" to={`/blocks/${info.data.block_height}`}>
        {info.data.block_height}
      </Link>{' '}
      ·{' '}
      <time dateTime={new Date(Number(BigInt(info.data.block_timestamp_usec) / 1000n)).toISOString()}>
        {formatUsec(info.data.block_timestamp_usec)}
      </time>{' '}
      · txn {/* The control beside it pins already: the version opens its transaction only. */}
      <VersionLink version={version} noPin />
    </span>
  );
}

/** Block height and time of a retained version, or the out-of-range message. */
export function VersionFacts({ standing }: { readonly standing: VersionStanding }): ReactNode {
  switch (standing.kind) {
    case 'invalid':
      return <span className="version-facts error-text">not a ledger version</span>;
    case 'pruned':
      return (
        <span
          className="version-facts warn-text"
          role="status"
        >{`pruned — oldest retained is ${standing.oldest}`}</span>
      );
    case 'future':
      return (
        <span className="version-facts warn-text" role="status">
          {`not yet — latest is ${standing.latest}`}
        </span>
      );
    case 'retained':
      return <RetainedFacts version={standing.version.toString()} />;
    default:
      return assertNever(standing);
  }
}

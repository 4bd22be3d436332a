/**
 * The status bar: which source the UI reads (snapshot file, or remote node with its health) and
 * the latest ledger figures from `GET /v1` — chain id, latest version, block height, epoch, oldest
 * retained version. Both queries refresh on an interval, so it moves with a live chain.
 */
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sourceQuery } from '../../api/queries/ledger-queries.ts';
import { useLedgerQuery } from '../../app/use-ledger-query.ts';
import { InlineError } from '../../components/status-views.tsx';
import { VersionLink } from '../../components/version-link.tsx';
import type { SourceInfo } from '../../api/types.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import { formatUsec } from '../../lib/format-time.ts';

/**
 * The health to show: the source's last check, unless the ledger query is failing right now (the
 * health check runs less often, so it still said "healthy" seconds after a node stopped).
 */
function shownHealth(
  source: Extract<SourceInfo, { readonly kind: 'remote' }>,
  ledgerError: unknown,
): { readonly ok: boolean; readonly message: string | null } {
  if (ledgerError !== null && ledgerError !== undefined)
    return { ok: false, message: ledgerError instanceof Error ? ledgerError.message : String(ledgerError) };
  return source.health;
}

function SourceLabel({
  source,
  ledgerError,
}: {
  readonly source: SourceInfo;
  readonly ledgerError: unknown;
}): ReactNode {
  switch (source.kind) {
    case 'snapshot':
      return (
        <span
          className="status-item"
          title={
            source.origin
              ? `captured from ${source.origin.node_url} at version ${source.origin.ledger_version}`
              : undefined
          }
        >
          Snapshot <strong className="mono">{source.name}</strong>
          {source.origin && <span className="muted"> (captured from {source.origin.node_url})</span>}
        </span>
      );
    case 'remote': {
      const health = shownHealth(source, ledgerError);
      return (
        <span className="status-item" title={health.message ?? undefined}>
          Node <strong>{source.name}</strong> <span className="mono muted">{source.url}</span>{' '}
          <span className={health.ok ? 'health ok' : 'health bad'}>
            {health.ok ? '● healthy' : `● unhealthy${health.message ? `: ${health.message}` : ''}`}
          </span>
        </span>
      );
    }
    default:
      return assertNever(source);
  }
}

function Figure({ label, value }: { readonly label: string; readonly value: string }): ReactNode {
  return (
    <span className="status-item">
      <span className="muted">{label}</span> <span className="mono">{value}</span>
    </span>
  );
}

/** A version figure: the version opens its transaction, the pin beside it pins there. */
function VersionFigure({ label, version }: { readonly label: string; readonly version: string }): ReactNode {
  return (
    <span className="status-item">
      <span className="muted">{label}</span> <VersionLink version={version} />
    </span>
  );
}

/** The bottom bar of the frame. */
export function StatusBar(): ReactNode {
  const source = useQuery(sourceQuery());
  const { ledger, failure } = useLedgerQuery();
  const info = ledger.data?.body;
  const sourceName = source.data?.body.name;
  // The window title names the source, so several windows/tabs can be told apart.
  useEffect(() => {
    document.title = sourceName === undefined ? 'Ledger Explorer' : `${sourceName} — Ledger Explorer`;
  }, [sourceName]);
  return (
    <footer className="status-bar" aria-label="Status">
      {source.data ? (
        <SourceLabel source={source.data.body} ledgerError={failure?.error} />
      ) : (
        <span className="status-item muted">{source.isError ? 'Source unknown' : 'Source …'}</span>
      )}
      {info && (
        <>
          <Figure label="Chain" value={String(info.chain_id)} />
          <VersionFigure label="Latest version" version={info.ledger_version} />
          <Figure label="Block height" value={info.block_height} />
          <Figure label="Epoch" value={info.epoch} />
          <VersionFigure label="Oldest retained" version={info.oldest_ledger_version} />
          <span className="status-item muted">{formatUsec(info.ledger_timestamp)}</span>
        </>
      )}
      {failure !== undefined && (
        <InlineError className="status-item" error={failure.error} prefix="Ledger unavailable" />
      )}
    </footer>
  );
}

/**
 * Provenance inside every exported file: which chain, at which ledger version, from which source (a snapshot
 * file's name and content digest, or a node's URL), about what (an account, an object, a transaction, a block…),
 * by which version of the app, exported when. A file passed on to an auditor or support must say what it is
 * without its file name. JSON exports wrap their content: `{ "provenance": {…}, "rows": […] }` (a list) or
 * `{ "provenance": {…}, "value": … }` (one value); CSV exports start with `#` comment lines, one `# key: value`
 * per field, before the header row (`parseCsv` skips them, `csvProvenance` reads them back). docs/exports.md
 * describes the format.
 */
import { useContext, useEffect } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import type { ApiAnswer } from '../api/client.ts';
import type { LedgerInfoJson, SourceInfo } from '../api/types.ts';
import { ledgerQuery, sourceDigestQuery, sourceQuery } from '../api/queries/ledger-queries.ts';
import { APP_VERSION } from './app-version.ts';
import { useLedgerAnchor } from '../app/ledger-anchor.tsx';
import { pinnedOf } from '../app/pinned-version.ts';
import { assertNever } from '../../shared/assert-never.ts';

/** What an export says about itself (null: not known when it was written, e.g. the source was not read yet). */
export interface ExportProvenance {
  readonly exported_by: 'Ledger Explorer';
  readonly chain_id: number | null;
  /** The ledger version the rows were read at (decimal). */
  readonly ledger_version: string | null;
  /** `snapshot NAME` (plus where it was captured from) or `node URL`. */
  readonly source: string | null;
  /** A snapshot's content digest (`sha256:…`, as `snapshot info --digest` prints it); null over a node. */
  readonly content_digest: string | null;
  /** What the rows are about: `account 0x…`, `object 0x…`, `transaction 123`, `block 45`, `blocks`… */
  readonly subject: string | null;
  /** The app's version (package.json), so a reader knows which rules wrote the file. */
  readonly app_version: string | null;
  /** ISO 8601, UTC. */
  readonly exported_at: string;
}

/** The first line of a CSV export, so a reader sees at once what the `#` lines are. */
const CSV_TITLE = '# Ledger Explorer export';

/** How a source is named in an export. */
export function sourceText(source: SourceInfo): string {
  switch (source.kind) {
    case 'snapshot':
      return source.origin === null
        ? `snapshot ${source.name}`
        : `snapshot ${source.name} ` +
            `(captured from ${source.origin.node_url} at version ${source.origin.ledger_version})`;
    case 'remote':
      return `node ${source.url}`;
    default:
      return assertNever(source);
  }
}

/** The provenance fields in their file order. */
const FIELDS = [
  'exported_by',
  'app_version',
  'chain_id',
  'ledger_version',
  'source',
  'content_digest',
  'subject',
  'exported_at',
] as const;

/** CSV text with the provenance as leading `# key: value` lines (line breaks in values become spaces). */
export function csvWithProvenance(csv: string, provenance: ExportProvenance): string {
  const lines = [CSV_TITLE];
  for (const field of FIELDS) {
    if (field === 'exported_by') continue;
    const value = provenance[field];
    lines.push(`# ${field}: ${value === null ? '' : String(value).replace(/[\r\n]+/g, ' ')}`);
  }
  return `${lines.join('\r\n')}\r\n${csv}`;
}

/** The provenance of a CSV export (its leading `#` lines), or undefined when it has none. */
export function csvProvenance(text: string): Readonly<Record<string, string>> | undefined {
  if (!text.startsWith(CSV_TITLE)) return undefined;
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('#')) break;
    const match = /^# ([a-z_]+): (.*)$/.exec(line);
    if (match) out[match[1]!] = match[2]!;
  }
  return out;
}

/** JSON text of an export: `{ provenance, rows }` for a list, `{ provenance, value }` for one value. */
export function jsonWithProvenance(
  provenance: ExportProvenance,
  content: { rows: unknown } | { value: unknown },
): string {
  return `${JSON.stringify({ provenance, ...content }, null, 2)}\n`;
}

/**
 * A function giving the provenance at the moment of an export, about `subject`: chain and source from the answers
 * already cached (the status bar keeps them fresh), a snapshot's content digest (read once and cached; the service
 * hashes the file on its first request), the version the view reads at (the URL's pin, else the view's anchor,
 * else the latest). Works outside the app's providers too (a component rendered alone): the unknown fields are
 * then null.
 */
export function useExportProvenance(subject?: string): () => Promise<ExportProvenance> {
  const client = useContext(QueryClientContext);
  const anchor = useLedgerAnchor();
  // Asked for as soon as an export is offered: hashing a large snapshot takes a while, best done before the click.
  useEffect(() => {
    const source = client?.getQueryData<ApiAnswer<SourceInfo>>(sourceQuery().queryKey)?.body;
    if (client !== undefined && source?.kind === 'snapshot') void client.prefetchQuery(sourceDigestQuery());
  }, [client]);
  return async () => {
    const ledger = client?.getQueryData<ApiAnswer<LedgerInfoJson>>(ledgerQuery().queryKey)?.body;
    const source = client?.getQueryData<ApiAnswer<SourceInfo>>(sourceQuery().queryKey)?.body;
    const pinned = typeof window === 'undefined' ? undefined : pinnedOf(new URLSearchParams(window.location.search));
    let digest: string | null = null;
    if (client !== undefined && source?.kind === 'snapshot') {
      // A digest that cannot be read leaves the field empty rather than the export undone.
      digest = await client.fetchQuery(sourceDigestQuery()).then(
        (answer) => answer.body.content_digest,
        () => null,
      );
    }
    return {
      exported_by: 'Ledger Explorer',
      app_version: APP_VERSION,
      chain_id: ledger?.chain_id ?? null,
      ledger_version: pinned ?? anchor?.anchor ?? ledger?.ledger_version ?? null,
      source: source === undefined ? null : sourceText(source),
      content_digest: digest,
      subject: subject ?? null,
      exported_at: new Date().toISOString(),
    };
  };
}

/**
 * {@link ExportMenu} over an infinite query, for the account panels: the rows are the loaded pages
 * flattened in the order the panel shows them, and "load all pages first" fetches the rest.
 * The row functions below are the panels' own orders (resources as listed, events and
 * transaction summaries newest first).
 */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import type { ApiAnswer } from '../../api/client.ts';
import type { SummariesPage } from '../../api/queries/transactions-queries.ts';
import type { EventJson, MoveResourceJson } from '../../api/types.ts';
import { eventsNewestFirst, summariesNewestFirst } from '../../lib/newest-first.ts';
import { ExportMenu } from './export-menu.tsx';
import { loadAllPages, type PagedQuery } from '../../lib/load-all.ts';
import type { ExportRow } from '../../lib/to-csv.ts';

/** Props of {@link PagedExportMenu}. */
export interface PagedExportMenuProps<TPage> {
  readonly name: string;
  readonly query: PagedQuery<TPage>;
  /** Rows of the loaded pages, in screen order; must be a stable (module-level) function. */
  readonly rowsOf: (data: InfiniteData<TPage, unknown> | undefined) => readonly ExportRow[];
  /** Why the loaded rows must not be exported (the view shows an error instead of them). */
  readonly unavailable?: string | undefined;
  /** What the rows are about (the provenance's `subject`). */
  readonly subject?: string | undefined;
}

/** Export of the pages an infinite query has loaded (or all of them). */
export function PagedExportMenu<TPage>({
  name,
  query,
  rowsOf,
  unavailable,
  subject,
}: PagedExportMenuProps<TPage>): ReactNode {
  const rows = useMemo(() => rowsOf(query.data), [rowsOf, query.data]);
  return (
    <ExportMenu
      name={name}
      rows={rows}
      loadAll={query.hasNextPage ? loadAllPages(query, rowsOf) : undefined}
      unavailable={unavailable}
      subject={subject}
    />
  );
}

/** Resources in the order the API listed them. */
export function resourceExportRows(
  data: InfiniteData<ApiAnswer<readonly MoveResourceJson[]>, unknown> | undefined,
): readonly MoveResourceJson[] {
  return data?.pages.flatMap((page) => page.body) ?? [];
}

/** Events newest first (by sequence number), as the events tab lists them. */
export function eventExportRows(
  data: InfiniteData<ApiAnswer<readonly EventJson[]>, unknown> | undefined,
): readonly EventJson[] {
  return eventsNewestFirst(data?.pages.flatMap((page) => page.body) ?? []);
}

/** Transaction summaries newest first (by version), as the transactions tab lists them. */
export function summaryExportRows(data: InfiniteData<SummariesPage, unknown> | undefined): readonly ExportRow[] {
  return summariesNewestFirst(data?.pages.flatMap((page) => page.summaries) ?? []);
}

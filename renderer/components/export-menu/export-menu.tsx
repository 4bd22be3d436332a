/**
 * Export of a table view to CSV or JSON: exactly the rows loaded, or — with "load all pages
 * first" — every page, with progress and a Cancel button (a cancelled load exports nothing).
 * Each file carries its provenance (chain, ledger version, source and its digest, subject, app version, time;
 * `lib/export-provenance.ts`).
 */
import type { ReactNode } from 'react';
import { useRef, useState } from 'react';
import { saveFile } from '../../lib/save-file.ts';
import { csvWithProvenance, jsonWithProvenance, useExportProvenance } from '../../lib/export-provenance.ts';
import { plural } from '../../lib/plural.ts';
import { toCsv, type ExportRow } from '../../lib/to-csv.ts';
import type { LoadAll } from '../../lib/load-all.ts';
import './export-menu.css';

/** Props of {@link ExportMenu}. */
export interface ExportMenuProps {
  /** File name without extension, e.g. `0x1-resources`. */
  readonly name: string;
  /** The rows on screen. */
  readonly rows: readonly ExportRow[];
  /** Present when more pages exist: loads them all. */
  readonly loadAll?: LoadAll | undefined;
  /** Why nothing can be exported now (the view's query failed): the buttons are disabled with this reason. */
  readonly unavailable?: string | undefined;
  /** What the rows are about, named in the file's provenance: `account 0x…`, `transaction 12`, `blocks`… */
  readonly subject?: string | undefined;
}

type Format = 'csv' | 'json';

/** CSV / JSON export buttons with "load all pages first", progress and cancel. */
export function ExportMenu({ name, rows, loadAll, unavailable, subject }: ExportMenuProps): ReactNode {
  const [all, setAll] = useState(false);
  const [loaded, setLoaded] = useState<number | undefined>(undefined);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const abort = useRef<AbortController | undefined>(undefined);
  const provenanceNow = useExportProvenance(subject);

  async function run(format: Format): Promise<void> {
    setMessage(undefined);
    let out = rows;
    if (all && loadAll) {
      const controller = new AbortController();
      abort.current = controller;
      setLoaded(rows.length);
      try {
        out = await loadAll(controller.signal, setLoaded);
      } catch (error) {
        setMessage(`Loading failed: ${error instanceof Error ? error.message : String(error)}`);
        return;
      } finally {
        abort.current = undefined;
        setLoaded(undefined);
      }
      if (controller.signal.aborted) {
        setMessage('Export cancelled.');
        return;
      }
    }
    // A snapshot's digest is hashed once, on first ask: on a large file that is seen here, not as a dead button.
    setMessage("Reading the snapshot's content digest…");
    const provenance = await provenanceNow();
    setMessage(undefined);
    const content =
      format === 'csv' ? csvWithProvenance(toCsv(out), provenance) : jsonWithProvenance(provenance, { rows: out });
    const filters = [{ name: format.toUpperCase(), extensions: [format] }];
    try {
      const outcome = await saveFile({ suggestedName: `${name}.${format}`, content, filters });
      setMessage(outcome.saved ? `Exported ${out.length} ${plural(out.length, 'row')}.` : 'Export cancelled.');
    } catch (error) {
      setMessage(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const busy = loaded !== undefined;
  const off = busy || unavailable !== undefined;
  const title = unavailable === undefined ? undefined : `Nothing to export: ${unavailable}`;
  return (
    <div className="export-menu" role="group" aria-label="Export">
      <button type="button" disabled={off} title={title} onClick={() => void run('csv')}>
        Export CSV
      </button>
      <button type="button" disabled={off} title={title} onClick={() => void run('json')}>
        Export JSON
      </button>
      {loadAll && unavailable === undefined && (
        <label>
          <input type="checkbox" checked={all} disabled={busy} onChange={(e) => setAll(e.target.checked)} /> Load all
          pages first
        </label>
      )}
      {busy && (
        <span role="status" className="export-progress">
          Loaded {loaded} {plural(loaded ?? 0, 'row')}…{' '}
          <button type="button" onClick={() => abort.current?.abort()}>
            Cancel
          </button>
        </span>
      )}
      {message !== undefined && !busy && (
        <span role="status" className="export-message">
          {message}
        </span>
      )}
    </div>
  );
}

/**
 * Renders field-level differences: added, removed and changed rows with before and after side by
 * side; unchanged fields collapsed into one expandable line.
 */
import type { ReactNode } from 'react';
import { previewJson } from '../../shared/json-preview.ts';
import { diffPathText, type DiffEntry } from '../lib/json-diff.ts';
import './diff-view.css';

/** Characters of a value a cell shows (a whole added resource fits; a value of megabytes does not). */
const CELL_CHARS = 4000;

function show(value: unknown): string {
  return value === undefined ? '' : typeof value === 'string' ? value : previewJson(value, 'json', CELL_CHARS);
}

/**
 * The row's label. JSON has no `undefined`, so a "changed" leaf with nothing on one side is a value
 * that exists at only one version (a whole table item or resource absent at the other): added or
 * removed, not "changed" beside an empty cell.
 */
function kindOf(e: DiffEntry): DiffEntry['kind'] {
  if (e.kind !== 'changed') return e.kind;
  if (e.before === undefined && e.after !== undefined) return 'added';
  if (e.after === undefined && e.before !== undefined) return 'removed';
  return e.kind;
}

function Rows({ entries }: { readonly entries: readonly DiffEntry[] }): ReactNode {
  return entries.map((e) => (
    <tr key={JSON.stringify(e.path)} className={`diff-${kindOf(e)}`}>
      <td className="mono">{diffPathText(e.path)}</td>
      <td className="diff-kind">{kindOf(e)}</td>
      <td className="mono diff-before">{show(e.before)}</td>
      <td className="mono diff-after">{show(e.after)}</td>
    </tr>
  ));
}

/** A table of differences, unchanged rows collapsed. */
export function DiffView({
  entries,
  fromLabel,
  toLabel,
}: {
  readonly entries: readonly DiffEntry[];
  readonly fromLabel: string;
  readonly toLabel: string;
}): ReactNode {
  const changed = entries.filter((e) => e.kind !== 'unchanged');
  const unchanged = entries.filter((e) => e.kind === 'unchanged');
  return (
    <div className="diff-view">
      {changed.length === 0 ? (
        <p className="diff-none">No field changed.</p>
      ) : (
        <table className="diff-table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Change</th>
              <th scope="col">{fromLabel}</th>
              <th scope="col">{toLabel}</th>
            </tr>
          </thead>
          <tbody>
            <Rows entries={changed} />
          </tbody>
        </table>
      )}
      {unchanged.length > 0 && (
        <details className="diff-unchanged">
          <summary>
            {unchanged.length} unchanged field{unchanged.length === 1 ? '' : 's'}
          </summary>
          <table className="diff-table">
            <tbody>
              <Rows entries={unchanged} />
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}

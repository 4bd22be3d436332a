/**
 * Saving an export: through the desktop bridge's save dialog when it exists, else as a browser
 * download (Blob + a temporary anchor). Both paths take the same request. JSON exports are
 * written by {@link toJson}.
 */
import type { SaveFileRequest } from '../../shared/ipc-contract.ts';

/** Outcome of a save: where it went (`download` in a browser), or cancelled. */
export type SaveOutcome = { readonly saved: true; readonly where: string } | { readonly saved: false };

function mimeOf(name: string): string {
  if (name.endsWith('.csv')) return 'text/csv;charset=utf-8';
  if (name.endsWith('.json')) return 'application/json';
  return 'application/octet-stream';
}

/** Saves `request` with the bridge's dialog (desktop) or as a download (headless browser). */
export async function saveFile(request: SaveFileRequest): Promise<SaveOutcome> {
  const bridge = typeof window === 'undefined' ? undefined : window.ledgerExplorer;
  if (bridge) {
    const result = await bridge.saveFile(request);
    return result.path === null ? { saved: false } : { saved: true, where: result.path };
  }
  // Copy into a fresh ArrayBuffer-backed array: Blob wants a plain ArrayBuffer view.
  const part = typeof request.content === 'string' ? request.content : new Uint8Array(request.content);
  const url = URL.createObjectURL(new Blob([part], { type: mimeOf(request.suggestedName) }));
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = request.suggestedName;
    anchor.style.display = 'none';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // Revoke on the next turn: the click starts the download asynchronously.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return { saved: true, where: 'download' };
}

/** JSON text of `rows` (pretty, as the API returned them). */
export function toJson(rows: unknown): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}

/**
 * `Accept` negotiation as the node does it (docs/node-behaviour.md §1): walk the media ranges in
 * quality order (stable for equal q) and take the first that is exactly `application/json`
 * (JSON) or `application/x-bcs` (BCS); anything else, or no header, gives JSON. Never 406.
 */

/** The two output formats of the API. */
export type OutputFormat = 'json' | 'bcs';

/** The media type of JSON responses. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
/** The media type of BCS responses. */
export const BCS_CONTENT_TYPE = 'application/x-bcs';

interface MediaRange {
  readonly type: string;
  readonly q: number;
  readonly index: number;
}

/** Parses one `Accept` entry: its media range (lower-case, parameters dropped) and `q`. */
function parseEntry(entry: string, index: number): MediaRange | undefined {
  const [range, ...params] = entry.split(';');
  const type = (range ?? '').trim().toLowerCase();
  if (type === '') return undefined;
  let q = 1;
  for (const param of params) {
    const [name, value] = param.split('=');
    if ((name ?? '').trim().toLowerCase() !== 'q') continue;
    const parsed = Number((value ?? '').trim());
    q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
  }
  return { type, q, index };
}

/** The media ranges of an `Accept` header, highest quality first (q=0 ranges are dropped). */
export function acceptedMediaTypes(accept: string | null | undefined): readonly string[] {
  if (accept === null || accept === undefined) return [];
  return accept
    .split(',')
    .map(parseEntry)
    .filter((range): range is MediaRange => range !== undefined && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((range) => range.type);
}

/** The output format asked for by an `Accept` header. */
export function negotiateOutput(accept: string | null | undefined): OutputFormat {
  for (const type of acceptedMediaTypes(accept)) {
    if (type === 'application/json') return 'json';
    if (type === 'application/x-bcs') return 'bcs';
  }
  return 'json';
}

/** Whether a request `Content-Type` is JSON (`application/json` or `application/*+json`). */
export function isJsonContentType(contentType: string | null | undefined): boolean {
  if (contentType === null || contentType === undefined) return false;
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (essence === 'application/json') return true;
  return essence.startsWith('application/') && essence.endsWith('+json');
}

/**
 * Rows to CSV (JSON text is `toJson` in `lib/save-file.ts`). Columns are the union of the rows' top-level keys in
 * first-seen order;
 * nested values (objects, arrays) are written as compact JSON in one cell, so every row of the
 * view is exactly one CSV record. Quoting follows RFC 4180 (quotes doubled, CRLF line ends).
 */

/** One exported row: a JSON object as the API returned it (any object type: its own keys are the columns). */
export type ExportRow = object;

/** The columns of `rows`: every top-level key, in first-seen order. */
export function columnsOf(rows: readonly ExportRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

/** One cell's text: strings as is, numbers and booleans printed, null/absent empty, the rest as JSON. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV text of `rows` (header line first), CRLF line ends, ending with a line break. */
export function toCsv(rows: readonly ExportRow[], columns: readonly string[] = columnsOf(rows)): string {
  const lines = [columns.map(quote).join(',')];
  for (const row of rows)
    lines.push(columns.map((c) => quote(cellText((row as Readonly<Record<string, unknown>>)[c]))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Where the records start: after the leading `#` comment lines (an export's provenance), if any. */
function afterComments(text: string): number {
  let at = 0;
  while (text.startsWith('#', at)) {
    const end = text.indexOf('\n', at);
    if (end < 0) return text.length;
    at = end + 1;
  }
  return at;
}

/**
 * Parses CSV written by {@link toCsv} (and any RFC 4180 text) into records of cells. Leading lines starting with
 * `#` are comments and skipped: exports put their provenance there (`lib/export-provenance.ts`); a header row
 * never starts with `#` (its cells are the API's field names).
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = afterComments(text); i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

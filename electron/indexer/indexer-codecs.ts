/**
 * Storage codecs of indexer columns (declared once per column in electron/indexer/tables/, docs/snapshot-format.md
 * "Indexer tables"): the hosted schema's text is stored compactly and rendered back to the same text by the view
 * `ix_<name>` (indexer-views.ts), which also exposes the stored value as `<column>__c` so the GraphQL layer filters,
 * joins and orders on the compact form where that gives the same answer (electron/indexer/graphql/sql-coded.ts).
 * - `hex`: lowercase `0x` + an even number of hex digits (addresses, hashes, keys) as a BLOB of those bytes (33 bytes
 *   instead of 67 for an address); any other text is stored as it is. Equality is exact either way (the encoding is
 *   one to one); a BLOB orders as its hex text does, but a column mixing BLOBs and text would not, so ranges and
 *   ordering use the rendered text.
 * - `time`: Hasura's `timestamp` text (processor-input.ts `indexerTimestamp`) as integer microseconds since the epoch;
 *   the integers order as the texts do.
 * - `intern`: a text repeated across rows (an owner's address, an asset type, an event type) as the small integer id
 *   of its one row in `ix_strings` (which holds the text's `hex` form). Equality looks the id up by value (an unknown
 *   text has no id: no row matches); ordering and patterns use the rendered text.
 */
import { indexerTimestamp } from './processors/processor-input.ts';

/** How a column is stored when not as its text. */
export type StorageCodec = 'hex' | 'time' | 'intern';

/** The table of interned texts: `id INTEGER PRIMARY KEY`, `value` (a text's `hex` form) UNIQUE. */
export const STRINGS_TABLE = 'ix_strings';

/** The suffix of the view column exposing a coded column's stored value. */
export const CODED_SUFFIX = '__c';

const HEX = /^0x(?:[0-9a-f]{2})*$/;

/** A stored value (what the writer binds). */
export type CodedValue = string | number | bigint | Buffer | null;

/** Recently encoded timestamps (a transaction's rows repeat its own and a few older ones): text → microseconds. */
const recentTimes = new Map<string, number>();

/** The `hex` form of a text: its bytes when it is lowercase `0x` + even hex digits, else the text. */
export function hexForm(value: string): string | Buffer {
  return HEX.test(value) ? Buffer.from(value.slice(2), 'hex') : value;
}

/** Gives the id of an interned text (adding it to `ix_strings` when new). */
export type Interner = (text: string) => number;

/** The stored form of the text `value` of a column with `codec` (`intern` gives the id of interned texts). */
export function encodeCoded(codec: StorageCodec, value: string | number | bigint | null, intern: Interner): CodedValue {
  if (typeof value !== 'string') return value;
  switch (codec) {
    case 'hex':
      return hexForm(value);
    case 'time':
      return timeUsec(value);
    case 'intern':
      return intern(value);
  }
}

/** Recently encoded `hex` texts (rows repeat a few addresses: owners, stores, assets): text → stored form. */
const recentHex = new Map<string, string | Buffer>();

/**
 * {@link encodeCoded} of a text, for the writer: `hex` forms are kept (bounded) and handed out again, since a bound
 * parameter is only read. A caller must not modify what it is given.
 */
export function encodeCodedText(codec: StorageCodec, value: string, intern: Interner): CodedValue {
  switch (codec) {
    case 'hex': {
      let form = recentHex.get(value);
      if (form === undefined) {
        if (recentHex.size >= 65_536) recentHex.clear();
        recentHex.set(value, (form = hexForm(value)));
      }
      return form;
    }
    case 'time':
      return timeUsec(value);
    case 'intern':
      return intern(value);
  }
}

/** Microseconds of a Hasura timestamp text; throws on text `indexerTimestamp` would not write (a processor bug). */
export function timeUsec(text: string): number {
  const known = recentTimes.get(text);
  if (known !== undefined) return known;
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?$/.exec(text);
  const ms = match === null ? NaN : Date.parse(`${match[1] as string}Z`);
  const usec = ms * 1000 + Number((match?.[2] ?? '').padEnd(6, '0'));
  if (!Number.isSafeInteger(usec) || indexerTimestamp(BigInt(usec)) !== text)
    throw new Error(`not a timestamp the indexer writes: ${JSON.stringify(text)}`);
  if (recentTimes.size >= 4096) recentTimes.clear();
  recentTimes.set(text, usec);
  return usec;
}

/** Hasura's `timestamp` text of integer microseconds `usec` in SQL (as `indexerTimestamp` writes it). */
export function timestampSql(usec: string): string {
  return (
    `(strftime('%Y-%m-%dT%H:%M:%S', (${usec}) / 1000000, 'unixepoch') || CASE WHEN (${usec}) % 1000000 = 0 ` +
    `THEN '' ELSE '.' || rtrim(printf('%06d', (${usec}) % 1000000), '0') END)`
  );
}

/** The text of the stored value `ref` in SQL (NULL stays NULL). */
export function renderSql(codec: StorageCodec, ref: string): string {
  switch (codec) {
    case 'hex':
      return renderHexSql(ref);
    case 'time':
      return timestampSql(ref);
    case 'intern':
      return `(SELECT ${renderHexSql('s.value')} FROM ${STRINGS_TABLE} s WHERE s.id = ${ref})`;
  }
}

function renderHexSql(ref: string): string {
  return `CASE WHEN typeof(${ref}) = 'blob' THEN '0x' || lower(hex(${ref})) ELSE ${ref} END`;
}

/** The id of the interned `hex` form `stored` in SQL (NULL when the text was never stored). */
export function internIdSql(stored: string): string {
  return `(SELECT s.id FROM ${STRINGS_TABLE} s WHERE s.value = ${stored})`;
}

/** The `hex` form of the interned text of id `ref` in SQL. */
export function internValueSql(ref: string): string {
  return `(SELECT s.value FROM ${STRINGS_TABLE} s WHERE s.id = ${ref})`;
}

/** The stored form of the SQL text value `text` of a `hex` column (as {@link encodeCoded} writes it). */
export function encodeHexSql(text: string): string {
  return (
    `CASE WHEN substr(${text}, 1, 2) = '0x' AND length(${text}) % 2 = 0 AND ` +
    `substr(${text}, 3) NOT GLOB '*[^0-9a-f]*' THEN unhex(substr(${text}, 3)) ELSE ${text} END`
  );
}

/**
 * The table lookup's fields in the URL: `?key=&key_type=&value_type=` (types only where they differ from the
 * table's own), the raw lookup's `?raw=`, and compare mode's `?compare=1&from=&to=`. Values over
 * {@link MAX_URL_FIELD} are left out (a cut key would look up another item).
 */
import { MAX_URL_FIELD, type SearchFieldsCodec } from '../../lib/use-search-fields.ts';

/** The lookup form's fields, as kept in the URL. */
export interface LookupFields {
  readonly keyText: string;
  readonly keyType: string;
  readonly valueType: string;
  /** The raw lookup's key hex, as typed. */
  readonly rawHex: string;
  /**
   * Compare mode on (`?compare=1`), with its two versions as typed (`?from=&to=`; `to` absent = the version in
   * view).
   */
  readonly compare: boolean;
  readonly compareFrom: string;
  readonly compareTo: string | undefined;
}

/** The lookup in the URL: the key, and each type only where it differs from the prefilled one. */
export function lookupCodec(keyType: string, valueType: string): SearchFieldsCodec<LookupFields> {
  const put = (params: URLSearchParams, name: string, value: string, omitted: string) => {
    if (value === omitted) params.delete(name);
    else params.set(name, value);
  };
  return {
    read: (params) => ({
      keyText: params.get('key') ?? '',
      keyType: params.get('key_type') ?? keyType,
      valueType: params.get('value_type') ?? valueType,
      rawHex: params.get('raw') ?? '',
      compare: params.get('compare') === '1',
      compareFrom: params.get('from') ?? '',
      compareTo: params.get('to') ?? undefined,
    }),
    write: (fields, params) => {
      // Over the cap a value is left out (not cut: a cut key would look up another item).
      put(params, 'key', fields.keyText.length > MAX_URL_FIELD ? '' : fields.keyText, '');
      put(params, 'raw', fields.rawHex.length > MAX_URL_FIELD ? '' : fields.rawHex, '');
      put(params, 'key_type', fields.keyType, keyType);
      put(params, 'value_type', fields.valueType, valueType);
      // The versions belong to compare mode: leaving it drops them from the URL too.
      put(params, 'compare', fields.compare ? '1' : '', '');
      put(params, 'from', fields.compare ? fields.compareFrom : '', '');
      if (fields.compare && fields.compareTo !== undefined) params.set('to', fields.compareTo);
      else params.delete('to');
    },
  };
}

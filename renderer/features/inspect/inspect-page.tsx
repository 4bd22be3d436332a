/**
 * `/inspect`: the stand-alone BCS inspector. Paste hex and a type tag; nothing is fetched except
 * module ABIs (for struct types) from the current source. `?hex=` and `?type=` prefill the form, so
 * other views can link bytes here, and the page keeps them there while typing (replacing the
 * history entry), so a reload or Back restores the work.
 */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { COMMON_TYPES } from '../../lib/common-types.ts';
import { parsePastedHex } from '../../lib/pasted-hex.ts';
import { MAX_URL_FIELD, useSearchFields, type SearchFieldsCodec } from '../../lib/use-search-fields.ts';
import { BcsInspector } from '../../components/bcs-inspector/bcs-inspector.tsx';
import './inspect.css';

/**
 * What an empty type box decodes as. It is the box's placeholder, not its value: a value would be typed into
 * ("u64" + "0xcafe…" = "u640xcafe…") by whoever clicks the box to enter their own type.
 */
const DEFAULT_TYPE = 'u64';

/**
 * Longer hex stays out of the URL (8 KiB of text, 4 KiB of bytes): browsers, servers and chat
 * tools cut or refuse huge URLs, and such bytes are better shared as a file ("Save bytes").
 */
export const MAX_URL_HEX = MAX_URL_FIELD;

interface InspectFields {
  readonly hex: string;
  readonly type: string;
}

const codec: SearchFieldsCodec<InspectFields> = {
  read: (params) => ({ hex: params.get('hex') ?? '', type: params.get('type') ?? '' }),
  write: ({ hex, type }, params) => {
    if (hex === '' || hex.length > MAX_URL_HEX) params.delete('hex');
    else params.set('hex', hex);
    if (type.trim() === '') params.delete('type');
    else params.set('type', type);
  },
};

/** The stand-alone inspector page. */
export function InspectPage(): ReactNode {
  const { values, set, generation } = useSearchFields(codec);
  const { hex, type } = values;
  const parsed = useMemo(() => parsePastedHex(hex), [hex]);
  const decodeAs = type.trim() === '' ? DEFAULT_TYPE : type;
  return (
    <div className="inspect-page">
      <h1>BCS inspector</h1>
      <p className="inspector-size">
        Decodes bytes locally; only module ABIs are read from the current source, for struct types.
      </p>
      <div className="inspect-form">
        <label>
          Bytes (hex)
          <textarea
            value={hex}
            onChange={(e) => set({ hex: e.target.value, type })}
            spellCheck={false}
            aria-label="Bytes (hex)"
            placeholder="0x…"
          />
        </label>
        <label>
          Type tag (decode as)
          <input
            className="mono"
            value={type}
            onChange={(e) => set({ hex, type: e.target.value })}
            spellCheck={false}
            aria-label="Type tag"
            placeholder={DEFAULT_TYPE}
            list="inspect-common-types"
          />
        </label>
        <datalist id="inspect-common-types">
          {COMMON_TYPES.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
      </div>
      {hex.length > MAX_URL_HEX && (
        <p className="inspector-size">
          These bytes are too long to keep in the page&apos;s address; a reload will not restore them.
        </p>
      )}
      {'error' in parsed ? (
        <p className="hex-error" role="alert">
          Not hex: {parsed.error}
        </p>
      ) : (
        <BcsInspector
          key={`${generation}|${decodeAs}`}
          bytes={parsed.bytes}
          typeText={decodeAs}
          fileName="inspected"
          hideTypeField
          emptyHint="Paste bytes as hex above to decode them as the type tag."
        />
      )}
    </div>
  );
}

/**
 * `/inspect`: the stand-alone BCS inspector. Paste hex and a type tag; nothing is fetched except
 * module ABIs (for struct types) from the current source. `?hex=` and `?type=` prefill the form, so
 * other views can link bytes here.
 */
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { hexToBytes } from '../../../shared/hex.ts';
import { BcsInspector } from './bcs-inspector.tsx';
import './inspect.css';

/** Parses pasted hex: `0x` optional, whitespace ignored. */
export function parsePastedHex(text: string): { readonly bytes: Uint8Array } | { readonly error: string } {
  const compact = text.replace(/\s+/g, '');
  try {
    return { bytes: hexToBytes(compact === '' ? '0x' : compact) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Primitive and framework types offered when nothing else is known. */
export const COMMON_TYPES: readonly string[] = ['u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'bool', 'address', 'vector<u8>', '0x1::string::String'];

/** The stand-alone inspector page. */
export function InspectPage(): ReactNode {
  const [params] = useSearchParams();
  const [hex, setHex] = useState(params.get('hex') ?? '');
  const [type, setType] = useState(params.get('type') ?? 'u64');
  const parsed = useMemo(() => parsePastedHex(hex), [hex]);
  return (
    <div className="inspect-page">
      <h1>BCS inspector</h1>
      <p className="inspector-size">Decodes bytes locally; only module ABIs are read from the current source, for struct types.</p>
      <div className="inspect-form">
        <label>
          Bytes (hex)
          <textarea value={hex} onChange={(e) => setHex(e.target.value)} spellCheck={false} aria-label="Bytes (hex)" placeholder="0x…" />
        </label>
        <label>
          Type tag (decode as)
          <input className="mono" value={type} onChange={(e) => setType(e.target.value)} spellCheck={false} aria-label="Type tag" list="inspect-common-types" />
        </label>
        <datalist id="inspect-common-types">
          {COMMON_TYPES.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
      </div>
      {'error' in parsed ? (
        <p className="hex-error" role="alert">
          Not hex: {parsed.error}
        </p>
      ) : (
        <BcsInspector key={type} bytes={parsed.bytes} typeText={type} fileName="inspected" hideTypeField />
      )}
    </div>
  );
}

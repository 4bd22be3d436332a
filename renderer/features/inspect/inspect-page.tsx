/**
 * `/inspect`: the stand-alone BCS inspector. Paste hex and a type tag; nothing is fetched except
 * module ABIs (for struct types) from the current source. `?hex=` and `?type=` prefill the form, so
 * other views can link bytes here.
 */
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { COMMON_TYPES } from '../../lib/common-types.ts';
import { parsePastedHex } from '../../lib/pasted-hex.ts';
import { BcsInspector } from '../../components/bcs-inspector/bcs-inspector.tsx';
import './inspect.css';

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

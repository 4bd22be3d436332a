/**
 * A small button that copies a text (an address's long form, a JSON value) to the clipboard and
 * says so for a moment. Copies through `copyText` (Clipboard API, textarea fallback); when both
 * fail the button reports the failure instead of pretending.
 */
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { copyText } from '../lib/copy-text.ts';
import './components.css';

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  /** The text put on the clipboard. */
  readonly text: string;
  /** The accessible name, e.g. "Copy address 0x1". */
  readonly label: string;
  /** Visible content (defaults to a copy glyph). */
  readonly children?: ReactNode;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** The copy glyph, drawn (a font's ⧉ is missing on many systems). */
function CopyIcon(): ReactNode {
  return (
    <svg className="copy-icon" viewBox="0 0 16 16" width="13" height="13" aria-hidden="true" focusable="false">
      <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M3.5 10.5h-1a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h7a1 1 0 0 1 1 1v1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </svg>
  );
}

/** How long "Copied" stays visible. */
const FEEDBACK_MS = 1_500;

/** A button copying `text`; its accessible name is `label`. */
export function CopyButton({ text, label, children }: CopyButtonProps): ReactNode {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = (): void => {
    void copyText(text).then((copied) => setState(copied ? 'copied' : 'failed'));
  };
  return (
    <button type="button" className="copy-button" aria-label={label} title={label} onClick={copy} data-state={state}>
      {state === 'copied' ? '✓' : state === 'failed' ? '✗' : (children ?? <CopyIcon />)}
      <span className="visually-hidden" aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : ''}
      </span>
    </button>
  );
}

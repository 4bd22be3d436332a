/**
 * The hex side of the inspector: 16 bytes a row with offsets. Bytes inside the active range are
 * highlighted (`data-highlighted`); the failing byte is marked; hovering or clicking a byte reports
 * its offset (one delegated handler, not one per byte). Keyboard: the view is focusable and the
 * arrow keys (±1 byte, ±1 row), Home and End move a cursor that selects the field under it.
 */
import type { KeyboardEvent, ReactNode, MouseEvent } from 'react';
import { useState } from 'react';
import { HEX_PAIRS } from '../../../shared/hex.ts';

/** Bytes per row. */
const ROW = 16;
/** Bytes rendered at most (larger inputs are cut, with a note; the decode still covers all). */
export const MAX_SHOWN_BYTES = 16_384;

/** Props of {@link HexView}. */
export interface HexViewProps {
  readonly bytes: Uint8Array;
  /** Highlighted range `[start, end)`. */
  readonly range: { readonly start: number; readonly end: number } | undefined;
  /** Offset of the byte where decoding failed. */
  readonly failedAt?: number | undefined;
  /** Hover (or undefined when leaving). */
  readonly onHoverByte: (offset: number | undefined) => void;
  /** Click: select the deepest field at this byte. */
  readonly onSelectByte: (offset: number) => void;
}

function offsetOf(event: MouseEvent): number | undefined {
  const target = event.target as HTMLElement;
  const text = target.dataset.offset;
  return text === undefined ? undefined : Number(text);
}

/** Where a key moves the cursor (undefined: not a cursor key). */
function moved(key: string, at: number, last: number): number | undefined {
  const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -ROW, ArrowDown: ROW };
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  const delta = step[key];
  return delta === undefined ? undefined : Math.min(last, Math.max(0, at + delta));
}

/** Hex bytes with a highlighted range. */
export function HexView({ bytes, range, failedAt, onHoverByte, onSelectByte }: HexViewProps): ReactNode {
  const shown = Math.min(bytes.length, MAX_SHOWN_BYTES);
  const [cursor, setCursor] = useState<number | undefined>(undefined);
  const select = (offset: number): void => {
    setCursor(offset);
    onSelectByte(offset);
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    if (shown === 0) return;
    const next = moved(event.key, cursor ?? -1, shown - 1);
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };
  const rows: ReactNode[] = [];
  for (let at = 0; at < shown; at += ROW) {
    const cells: ReactNode[] = [];
    for (let i = at; i < Math.min(at + ROW, shown); i += 1) {
      const inRange = range !== undefined && i >= range.start && i < range.end;
      const marks = `${failedAt === i ? ' failed' : ''}${cursor === i ? ' cursor' : ''}`;
      cells.push(
        <span
          key={i}
          className={`hex-byte${inRange ? ' hl' : ''}${marks}`}
          data-offset={i}
          data-highlighted={inRange ? 'true' : undefined}
        >
          {HEX_PAIRS[bytes[i] ?? 0]}
        </span>,
      );
    }
    rows.push(
      <div className="hex-row" key={at}>
        <span className="hex-offset">{String(at).padStart(5, '\u2007')}</span>
        {cells}
      </div>,
    );
  }
  return (
    <div
      className="hex-view mono"
      role="group"
      tabIndex={0}
      aria-label={`Bytes${cursor === undefined ? '' : `, cursor at byte ${cursor}`}`}
      onKeyDown={onKeyDown}
      onMouseOver={(e) => onHoverByte(offsetOf(e))}
      onMouseLeave={() => onHoverByte(undefined)}
      onClick={(e) => {
        const offset = offsetOf(e);
        if (offset !== undefined) select(offset);
      }}
    >
      {rows}
      {failedAt !== undefined && failedAt >= bytes.length && (
        <div className="hex-row hex-end failed">end of input at byte {bytes.length}</div>
      )}
      {shown < bytes.length && (
        <div className="hex-note">
          … {bytes.length - shown} more byte{bytes.length - shown === 1 ? '' : 's'} not shown
        </div>
      )}
      {bytes.length === 0 && <div className="hex-note">no bytes</div>}
    </div>
  );
}

/**
 * The decoded side of the inspector: one row per JSON node, in byte order (the codec's spans are
 * pre-order), indented by depth. A row is a button: hover or focus shows its bytes, click selects
 * it. The row whose bytes are active is `aria-current`; the field that failed is marked.
 */
import type { ReactNode } from 'react';
import type { ValueSpan } from '../../../shared/move/decode.ts';
import type { MoveJson } from '../../../shared/move/move-json.ts';
import { formatJsonPath } from '../../lib/json-path.ts';
import { valueAt } from './span-utils.ts';

/** Rows rendered at most (a long vector has one node per element; the hex view still covers all). */
export const MAX_ROWS = 5_000;

/** Props of {@link SpanTree}. */
export interface SpanTreeProps {
  readonly value: MoveJson | undefined;
  readonly spans: readonly ValueSpan[];
  /** Index (in `spans`) of the active node. */
  readonly active: number | undefined;
  /** Index of the node being read when decoding failed. */
  readonly failed: number | undefined;
  readonly onHover: (index: number | undefined) => void;
  readonly onSelect: (index: number) => void;
}

function preview(value: MoveJson | undefined): string {
  if (value === undefined) return '(not decoded)';
  if (Array.isArray(value)) return `[${value.length} item${value.length === 1 ? '' : 's'}]`;
  if (value !== null && typeof value === 'object') return '{…}';
  return JSON.stringify(value);
}

/** The decoded value as rows tied to byte ranges. */
export function SpanTree({ value, spans, active, failed, onHover, onSelect }: SpanTreeProps): ReactNode {
  return (
    <ul className="span-tree" aria-label="Decoded fields" onMouseLeave={() => onHover(undefined)}>
      {spans.slice(0, MAX_ROWS).map((span, index) => {
        const last = span.path.at(-1);
        const name = last === undefined ? 'value' : typeof last === 'number' ? `[${last}]` : last;
        const node = valueAt(value, span.path);
        return (
          <li key={index} style={{ paddingInlineStart: `${span.path.length * 1.1}rem` }}>
            <button
              type="button"
              className={`span-row${index === failed ? ' failed' : ''}`}
              aria-current={index === active ? 'true' : undefined}
              onMouseEnter={() => onHover(index)}
              onFocus={() => onHover(index)}
              onClick={() => onSelect(index)}
            >
              {/* The accessible name is the visible text (field, value, byte range) plus the field's full
                  path for screen readers: a label replacing the text hid the decoded value from them. */}
              <span className="span-name">
                {name}
                <span className="visually-hidden"> ({formatJsonPath(span.path, 'value')}),</span>
              </span>{' '}
              <span className="span-value mono">{preview(node)}</span>{' '}
              <span className="span-range mono">
                <span className="visually-hidden">bytes </span>
                {span.start}–{span.end}
              </span>
            </button>
          </li>
        );
      })}
      {spans.length > MAX_ROWS && <li className="hex-note">… {spans.length - MAX_ROWS} more fields not listed</li>}
    </ul>
  );
}

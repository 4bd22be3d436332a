/**
 * Recent blocks' inclusion price (octas per gas unit, left axis) and user transactions (right
 * axis), full blocks marked. This module (and with it uPlot) is loaded lazily by the gas panel.
 * Hovering a block, or focusing the chart and pressing ←/→ (Home/End), shows its details below.
 * The canvas is painted with the theme's resolved colours and redrawn when the theme changes.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { BlockJson } from '../../api/types.ts';
import { resolveColor, useColorScheme } from '../../lib/use-color-scheme.ts';
import { plural } from '../../lib/plural.ts';
import { BlockDetails } from './block-details.tsx';

const HEIGHT = 260;

function options(host: Element, width: number, onHover: (index: number | undefined) => void): uPlot.Options {
  // The theme's colours are light-dark() pairs: resolve them to what this scheme uses now.
  const fg = resolveColor(host, 'var(--fg-muted)', '#5b6470');
  const grid = resolveColor(host, 'var(--border)', '#d7dbe0');
  const accent = resolveColor(host, 'var(--accent)', '#1f6feb');
  const warn = resolveColor(host, 'var(--warn)', '#9a6700');
  const error = resolveColor(host, 'var(--error)', '#c62828');
  const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  return {
    width,
    height: HEIGHT,
    scales: { x: { time: false }, txns: { auto: true } },
    axes: [
      { ...axis, label: 'Block height' },
      { ...axis, label: 'octas / gas unit', size: 70 },
      { ...axis, scale: 'txns', side: 1, label: 'user transactions', grid: { show: false } },
    ],
    series: [
      { label: 'Block' },
      { label: 'Inclusion price', stroke: accent, width: 2 },
      { label: 'User transactions', stroke: warn, width: 1, scale: 'txns' },
      {
        label: 'Full block',
        stroke: error,
        fill: error,
        width: 0,
        points: { show: true, size: 8, fill: error },
        paths: () => null,
        value: (_u, v) => (v === null ? 'no' : 'yes'),
      },
    ],
    // A colour key only: the values of the block in focus are in the details box below, which
    // (unlike uPlot's live legend, "--" until hovered) always shows one block, the newest by default.
    legend: { show: true, live: false },
    hooks: { setCursor: [(u) => onHover(u.cursor.idx ?? undefined)] },
  };
}

/** The block index a key moves to from `index` (of `count`), or undefined for other keys. */
function stepFor(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowLeft') return Math.max(0, index - 1);
  if (key === 'ArrowRight') return Math.min(count - 1, index + 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/** The chart over `blocks` (newest first, as the API lists them). */
export function GasChart({ blocks }: { readonly blocks: readonly BlockJson[] }): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | undefined>(undefined);
  const [hover, setHover] = useState<number | undefined>(undefined);
  const scheme = useColorScheme();
  // A DOM without 2D canvas drawing (tests' simulated DOM) gets the details without the chart.
  const [canDraw] = useState(() => document.createElement('canvas').getContext('2d') !== null);
  const ordered = useMemo(() => [...blocks].reverse(), [blocks]);

  useEffect(() => {
    let observer: ResizeObserver | undefined;
    const data: uPlot.AlignedData = [
      ordered.map((b) => Number(b.height)),
      ordered.map((b) => Number(b.inclusion_price)),
      ordered.map((b) => b.user_transactions),
      ordered.map((b) => (b.full ? Number(b.inclusion_price) : null)),
    ];
    const target = box.current;
    if (target === null || !canDraw) return undefined;
    // Re-created for each scheme: uPlot keeps the colours it was given.
    const plot = new uPlot(options(target, Math.max(320, target.clientWidth), setHover), data, target);
    plotRef.current = plot;
    if (typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(() => plot.setSize({ width: Math.max(320, target.clientWidth), height: HEIGHT }));
      observer.observe(target);
    }
    return () => {
      observer?.disconnect();
      plotRef.current = undefined;
      plot.destroy();
    };
  }, [ordered, canDraw, scheme]);

  const index = hover ?? ordered.length - 1;
  const shown = ordered[index];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const next = stepFor(event.key, index, ordered.length);
    if (next === undefined) return;
    event.preventDefault();
    setHover(next);
    // Move the chart's own cursor too, so the highlighted point follows the keys.
    const plot = plotRef.current;
    const x = ordered[next];
    if (plot && x)
      plot.setCursor({
        left: plot.valToPos(Number(x.height), 'x'),
        top: plot.valToPos(Number(x.inclusion_price), 'y'),
      });
  };
  return (
    <figure className="gas-chart">
      <figcaption>
        Inclusion price and user transactions of the last {ordered.length} {plural(ordered.length, 'block')} (full
        blocks marked). Hover a block, or focus the chart and use ← and →, for its details.
      </figcaption>
      {!canDraw && (
        <p className="field-error">
          This display cannot draw charts; the blocks' details follow (← and → move between them).
        </p>
      )}
      <div
        ref={box}
        className="gas-chart-plot"
        role="slider"
        tabIndex={0}
        aria-label={`Chart of ${ordered.length} recent ${plural(ordered.length, 'block')}`}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, ordered.length - 1)}
        aria-valuenow={index}
        aria-valuetext={shown ? `Block ${shown.height}` : 'no block'}
        onKeyDown={onKeyDown}
      />
      <div aria-live="polite">{shown && <BlockDetails block={shown} />}</div>
    </figure>
  );
}

/**
 * Recent blocks' inclusion price (octas per gas unit, left axis) and user transactions (right
 * axis), full blocks marked. This module (and with it uPlot) is loaded lazily by the gas panel.
 * Hovering a block shows its details below the chart.
 */
import type { ReactNode } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { BlockJson } from '../../api/types.ts';
import { BlockDetails } from './block-details.tsx';

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

function options(width: number, onHover: (index: number | undefined) => void): uPlot.Options {
  const fg = cssVar('--fg-muted', '#5b6470');
  const grid = cssVar('--border', '#d7dbe0');
  const accent = cssVar('--accent', '#1f6feb');
  const warn = cssVar('--warn', '#9a6700');
  const error = cssVar('--error', '#c62828');
  const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  return {
    width,
    height: 260,
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
      { label: 'Full block', stroke: error, fill: error, width: 0, points: { show: true, size: 8, fill: error }, paths: () => null, value: (_u, v) => (v === null ? 'no' : 'yes') },
    ],
    legend: { show: true },
    hooks: { setCursor: [(u) => onHover(u.cursor.idx ?? undefined)] },
  };
}

/** The chart over `blocks` (newest first, as the API lists them). */
export function GasChart({ blocks }: { readonly blocks: readonly BlockJson[] }): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | undefined>(undefined);
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
    const plot = new uPlot(options(Math.max(320, target.clientWidth), setHover), data, target);
    if (typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(() => plot.setSize({ width: Math.max(320, target.clientWidth), height: 260 }));
      observer.observe(target);
    }
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [ordered, canDraw]);

  const shown = hover === undefined ? ordered.at(-1) : ordered[hover];
  return (
    <figure className="gas-chart">
      <figcaption>
        Inclusion price and user transactions of the last {ordered.length} blocks (full blocks marked). Hover a block for its details.
      </figcaption>
      {!canDraw && <p className="field-error">This display cannot draw charts; the newest block's details follow.</p>}
      <div ref={box} className="gas-chart-plot" role="img" aria-label={`Chart of ${ordered.length} recent blocks`} />
      {shown && <BlockDetails block={shown} />}
    </figure>
  );
}

/**
 * An asset's balance over versions as a uPlot line (one point per changing transaction), loaded lazily with uPlot. The
 * chart is a picture for the eye: keyboard and screen-reader users get the same points as a table of links
 * (balance-history.tsx); clicking a point opens its transaction, as the table's link does.
 */
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { BalancePoint } from './balance-points.ts';
import { useColorScheme } from '../../lib/use-color-scheme.ts';

const HEIGHT = 200;

/** Props of {@link BalanceChart}. */
export interface BalanceChartProps {
  /** Oldest first. */
  readonly points: readonly BalancePoint[];
  /** The asset's decimals (0 when unknown: base units). */
  readonly decimals: number;
  readonly symbol: string;
}

/** The chart of `points`; clicking a point opens its transaction. */
export function BalanceChart({ points, decimals, symbol }: BalanceChartProps): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  // The canvas is painted with colours resolved once; a theme switch must draw it again in the new ones.
  const scheme = useColorScheme();
  useEffect(() => {
    const target = box.current;
    // A DOM without 2D canvas drawing (tests' simulated DOM) gets the table alone.
    if (target === null || document.createElement('canvas').getContext('2d') === null) return undefined;
    const style = getComputedStyle(target);
    const stroke = style.getPropertyValue('color') || '#1f6feb';
    const scale = 10 ** decimals;
    const data: uPlot.AlignedData = [
      points.map((point) => Number(point.version)),
      points.map((point) => Number(point.balance) / scale),
    ];
    const axis = { stroke, grid: { stroke: 'rgba(128,128,128,0.25)', width: 1 } };
    const plot = new uPlot(
      {
        width: Math.max(320, target.clientWidth),
        height: HEIGHT,
        scales: { x: { time: false } },
        axes: [
          { ...axis, label: 'Version' },
          { ...axis, label: symbol, size: 80 },
        ],
        series: [
          { label: 'Version' },
          { label: `${symbol} balance`, stroke, width: 2, points: { show: true, size: 6 } },
        ],
        legend: { show: false },
      },
      data,
      target,
    );
    const open = (): void => {
      const index = plot.cursor.idx;
      const point = index === null || index === undefined ? undefined : points[index];
      if (point) void navigate(`/txn/${point.version}`);
    };
    plot.over.addEventListener('click', open);
    return () => {
      plot.over.removeEventListener('click', open);
      plot.destroy();
    };
  }, [points, decimals, symbol, navigate, scheme]);
  return <div className="balance-chart" ref={box} aria-hidden="true" />;
}

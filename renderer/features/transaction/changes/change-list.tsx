/**
 * The virtualized list of changes (a write set can hold hundreds of keys): only the lines in view
 * are in the DOM, expanded lines are measured. It reports readiness — every expanded line in view
 * has its before shown (or known to be unreadable) — for the section's `data-changes-ready`.
 */
import type { ReactNode } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useEntryScroll } from '../../../lib/use-entry-state.ts';
import type { BeforeVersion } from './before-version.ts';
import type { FactsSource } from './change-facts.ts';
import type { ChangeLine } from './change-model.ts';
import { ChangeRow } from './change-row.tsx';
import { settledByFacts } from './line-settled.ts';
import { useVirtualRows } from '../../../lib/use-virtual-rows.ts';
import { rowGroupProps, useHydrated } from '../../../lib/use-hydrated.ts';

/** Estimated height of a collapsed line (px); open lines are measured. */
const LINE_HEIGHT = 34;

/** Props of {@link ChangeList}. */
export interface ChangeListProps {
  readonly lines: readonly ChangeLine[];
  /** Ids of the open change lines. */
  readonly open: ReadonlySet<string>;
  readonly onToggle: (id: string) => void;
  readonly version: string;
  readonly before: BeforeVersion;
  /** What the source said of the write set (one explorer read), or that each line walks the node. */
  readonly facts: FactsSource;
  /** Told whether every open line in view has settled (called when that changes). */
  readonly onReady: (ready: boolean) => void;
}

/** The list (an ordered list of lines, virtualized inside its own bounded scroll box). */
export function ChangeList({ lines, open, onToggle, version, before, facts, onReady }: ChangeListProps): ReactNode {
  const [settled, setSettled] = useState<ReadonlySet<string>>(new Set());
  const placed = useHydrated();
  const { scrollRef, virtualizer } = useVirtualRows({
    count: lines.length,
    rowHeight: LINE_HEIGHT,
    rowKey: (index) => lines[index]?.id ?? index,
    overscan: 8,
  });
  const settle = useCallback(
    (id: string) => setSettled((previous) => (previous.has(id) ? previous : new Set(previous).add(id))),
    [],
  );
  const items = virtualizer.getVirtualItems();
  // No line in view yet (the scroll box not measured on the first render) is not "ready".
  const ready =
    (items.length > 0 || lines.length === 0) &&
    items.every((item) => {
      const line = lines[item.index];
      if (line === undefined || line.line === 'group' || !open.has(line.id) || settled.has(line.id)) return true;
      return settledByFacts(line.entry, facts, before);
    });
  useEffect(() => onReady(ready), [ready, onReady]);
  useEntryScroll('changes-scroll', scrollRef, ready);

  return (
    <div className="changes-scroll" ref={scrollRef}>
      <ol className="changes-list" aria-label="Changes" {...rowGroupProps(placed, virtualizer.getTotalSize())}>
        {items.map((item) => {
          const line = lines[item.index];
          if (!line) return null;
          return (
            <ChangeRow
              key={line.id}
              line={line}
              open={open.has(line.id)}
              version={version}
              before={before}
              facts={facts}
              index={item.index}
              count={lines.length}
              start={item.start}
              measure={virtualizer.measureElement}
              onToggle={onToggle}
              onSettled={settle}
            />
          );
        })}
      </ol>
    </div>
  );
}

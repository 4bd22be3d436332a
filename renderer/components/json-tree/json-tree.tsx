/**
 * A reusable, keyboard-usable JSON tree: `<JsonTree value label? linkFor? />`. Toolbar with
 * "Expand all" / "Collapse all"; every node can copy its value and its JSON path (`$.a.b[0]`);
 * `linkFor(path, value)` turns values into in-app links (addresses to accounts, event handles to
 * their events, table handles to their tables). Children are rendered only when open, so large
 * values cost nothing until asked for.
 *
 * Keyboard: the rows are one Tab stop (a roving tab index): Tab enters the tree on the row last used (the
 * root at first) and goes through that row's controls (toggle, link, copy, path), then leaves the tree;
 * ArrowUp/ArrowDown move to the previous/next row, Home/End to the first/last; ArrowRight/ArrowLeft open
 * and close a container. A link deep in a resource is a few arrow presses away, not dozens of Tabs.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { useCallback, useMemo, useState } from 'react';
import type { JsonValue } from '../../api/types.ts';
import { copyText } from '../../lib/copy-text.ts';
import { containerKeys, pathKey } from './json-path.ts';
import { JsonNode } from './json-node.tsx';
import { JsonTreeContext, type JsonLinkFor, type JsonTreeContextValue } from './json-tree-context.ts';
import './json-tree.css';

export type { JsonLink, JsonLinkFor } from './json-tree-context.ts';
export { formatJsonPath, type JsonPath, type JsonPathSegment } from '../../lib/json-path.ts';

/** Props of {@link JsonTree}. */
export interface JsonTreeProps {
  /** The value shown. */
  readonly value: JsonValue;
  /** The root's name (default "value"); also names the tree for assistive technology. */
  readonly label?: string | undefined;
  /** Where a node links to, if anywhere. */
  readonly linkFor?: JsonLinkFor | undefined;
  /** Levels open at first (the root is level 1; default 2). */
  readonly defaultExpandDepth?: number | undefined;
}

/** The key of the root row. */
const ROOT_KEY = pathKey([]);

/** Whether row `key` lies inside container `container` (so closing the container removes it). */
function isInside(key: string, container: string): boolean {
  return container === ROOT_KEY ? key !== ROOT_KEY : key.startsWith(`${container.slice(0, -1)},`);
}

/** The control a row is entered on: its first button or link. */
function rowControl(row: Element): HTMLElement | null {
  return row.querySelector<HTMLElement>('button, a[href]');
}

/** ArrowUp/ArrowDown/Home/End between the rendered rows of the tree around `event`'s target. */
function moveBetweenRows(event: KeyboardEvent<HTMLUListElement>): void {
  const steps: Record<string, number | undefined> = { ArrowDown: 1, ArrowUp: -1 };
  if (steps[event.key] === undefined && event.key !== 'Home' && event.key !== 'End') return;
  const rows = [...event.currentTarget.querySelectorAll('[data-json-row]')];
  const current = (event.target as Element).closest('[data-json-row]');
  const at = current === null ? -1 : rows.indexOf(current);
  if (at < 0 || rows.length === 0) return;
  const to =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? rows.length - 1
        : Math.min(rows.length - 1, Math.max(0, at + (steps[event.key] ?? 0)));
  const target = rows[to];
  if (target === undefined) return;
  event.preventDefault();
  rowControl(target)?.focus();
}

/** The JSON tree with its toolbar. */
export function JsonTree({ value, label = 'value', linkFor, defaultExpandDepth = 2 }: JsonTreeProps): ReactNode {
  const [expanded, setExpandedSet] = useState<ReadonlySet<string>>(() => containerKeys(value, defaultExpandDepth));
  const [announcement, setAnnouncement] = useState('');
  const [activeKey, setActive] = useState(ROOT_KEY);

  const setExpanded = useCallback((key: string, open: boolean) => {
    setExpandedSet((previous) => {
      const next = new Set(previous);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });
    // The tab stop must stay on a rendered row: closing a container hands it from a row inside to the container.
    if (!open) setActive((previous) => (isInside(previous, key) ? key : previous));
  }, []);

  const copy = useCallback((text: string, what: string) => {
    void copyText(text).then((ok) => setAnnouncement(ok ? `Copied ${what}` : `Could not copy ${what}`));
  }, []);

  const context = useMemo<JsonTreeContextValue>(
    () => ({ expanded, setExpanded, activeKey, setActive, linkFor, label, copy }),
    [expanded, setExpanded, activeKey, linkFor, label, copy],
  );

  return (
    <div className="json-tree" role="group" aria-label={`JSON ${label}`}>
      <div className="json-toolbar">
        <button type="button" onClick={() => setExpandedSet(containerKeys(value))}>
          Expand all
        </button>
        <button
          type="button"
          onClick={() => {
            setExpandedSet(new Set());
            setActive(ROOT_KEY);
          }}
        >
          Collapse all
        </button>
        <span className="json-announcement" role="status" aria-live="polite">
          {announcement}
        </span>
      </div>
      <JsonTreeContext.Provider value={context}>
        <ul className="json-root" onKeyDown={moveBetweenRows}>
          <JsonNode name={label} value={value} path={[]} />
        </ul>
      </JsonTreeContext.Provider>
    </div>
  );
}

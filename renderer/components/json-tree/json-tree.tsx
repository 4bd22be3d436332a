/**
 * A reusable, keyboard-usable JSON tree: `<JsonTree value label? linkFor? />`. Toolbar with
 * "Expand all" / "Collapse all"; every node can copy its value and its JSON path (`$.a.b[0]`);
 * `linkFor(path, value)` turns values into in-app links (addresses to accounts, event handles to
 * their events, table handles to their tables). Children are rendered only when open, so large
 * values cost nothing until asked for.
 */
import type { ReactNode } from 'react';
import { useCallback, useMemo, useState } from 'react';
import type { JsonValue } from '../../api/types.ts';
import { copyText } from '../../lib/copy-text.ts';
import { containerKeys } from './json-path.ts';
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

/** The JSON tree with its toolbar. */
export function JsonTree({ value, label = 'value', linkFor, defaultExpandDepth = 2 }: JsonTreeProps): ReactNode {
  const [expanded, setExpandedSet] = useState<ReadonlySet<string>>(() => containerKeys(value, defaultExpandDepth));
  const [announcement, setAnnouncement] = useState('');

  const setExpanded = useCallback((key: string, open: boolean) => {
    setExpandedSet((previous) => {
      const next = new Set(previous);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const copy = useCallback((text: string, what: string) => {
    void copyText(text).then((ok) => setAnnouncement(ok ? `Copied ${what}` : `Could not copy ${what}`));
  }, []);

  const context = useMemo<JsonTreeContextValue>(
    () => ({ expanded, setExpanded, linkFor, copy }),
    [expanded, setExpanded, linkFor, copy],
  );

  return (
    <div className="json-tree" role="group" aria-label={`JSON ${label}`}>
      <div className="json-toolbar">
        <button type="button" onClick={() => setExpandedSet(containerKeys(value))}>
          Expand all
        </button>
        <button type="button" onClick={() => setExpandedSet(new Set())}>
          Collapse all
        </button>
        <span className="json-announcement" role="status" aria-live="polite">
          {announcement}
        </span>
      </div>
      <JsonTreeContext.Provider value={context}>
        <ul className="json-root">
          <JsonNode name={label} value={value} path={[]} />
        </ul>
      </JsonTreeContext.Provider>
    </div>
  );
}

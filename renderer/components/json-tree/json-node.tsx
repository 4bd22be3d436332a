/**
 * One node of the JSON tree: its key, its value (or a size preview while collapsed), its link when
 * the tree's `linkFor` gives one, and copy actions for the value and the JSON path. Containers
 * open with their toggle button (Enter/Space, or ArrowRight/ArrowLeft).
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { JsonValue } from '../../api/types.ts';
import { formatJsonPath, isContainer, type JsonPath } from '../../lib/json-path.ts';
import { jsonText } from '../../../shared/json-preview.ts';
import { childrenOf, MAX_TREE_DEPTH, pathKey, previewOf } from './json-path.ts';
import { useJsonTree, type JsonLink } from './json-tree-context.ts';

/** Props of {@link JsonNode}. */
export interface JsonNodeProps {
  readonly name: string;
  readonly value: JsonValue;
  readonly path: JsonPath;
}

function primitiveClass(value: JsonValue): string {
  if (value === null) return 'json-null';
  switch (typeof value) {
    case 'string':
      return 'json-string';
    case 'number':
      return 'json-number';
    case 'boolean':
      return 'json-boolean';
    default:
      return 'json-other';
  }
}

function normaliseLink(link: string | JsonLink | undefined): JsonLink | undefined {
  return typeof link === 'string' ? { href: link } : link;
}

/** Text to copy for `value`: pretty JSON, or compact JSON written without recursion when it nests too deep for that. */
function copyTextOf(value: JsonValue): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return jsonText(value);
  }
}

/** A container past {@link MAX_TREE_DEPTH}: its key and a note instead of its children. */
function TooDeep({ name }: { readonly name: string }): ReactNode {
  return (
    <li className="json-node">
      <div className="json-row" data-json-row="">
        <span className="json-toggle-spacer" aria-hidden="true" />
        <span className="json-key">{name}</span>
        <span className="json-colon" aria-hidden="true">
          :
        </span>
        <span className="json-value json-too-deep">
          nested deeper than {MAX_TREE_DEPTH} levels: not shown (copy the value above to see it)
        </span>
      </div>
    </li>
  );
}

/** A key/value row and, when open, its children. */
export function JsonNode({ name, value, path }: JsonNodeProps): ReactNode {
  if (path.length >= MAX_TREE_DEPTH && isContainer(value)) return <TooDeep name={name} />;
  return <JsonRow name={name} value={value} path={path} />;
}

function JsonRow({ name, value, path }: JsonNodeProps): ReactNode {
  const tree = useJsonTree();
  const key = pathKey(path);
  const container = isContainer(value);
  const open = container && tree.expanded.has(key);
  const pathText = formatJsonPath(path);
  // Controls are named by the path from the tree's own name ("Collapse event 0 data.amount"): named from `$`,
  // every tree's root would be "Collapse $", and a page with several trees would have many same-named buttons.
  const named = formatJsonPath(path, tree.label);
  const link = normaliseLink(tree.linkFor?.(path, value));
  // Only the active row's controls are in the Tab order (the tree is one Tab stop; arrows move between rows).
  const tabIndex = tree.activeKey === key ? 0 : -1;

  const onToggleKey = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key === 'ArrowRight' && !open) {
      event.preventDefault();
      tree.setExpanded(key, true);
    } else if (event.key === 'ArrowLeft' && open) {
      event.preventDefault();
      tree.setExpanded(key, false);
    }
  };

  const valueText = previewOf(value);
  const valueView =
    !container && link ? (
      <Link className={`json-value ${primitiveClass(value)}`} to={link.href} tabIndex={tabIndex}>
        {link.label ?? valueText}
      </Link>
    ) : (
      <span className={`json-value ${container ? 'json-preview' : primitiveClass(value)}`}>
        {container && open ? (Array.isArray(value) ? '[' : '{') : valueText}
      </span>
    );

  return (
    <li className="json-node">
      <div className="json-row" data-json-row="" onFocus={() => tree.setActive(key)}>
        {container ? (
          <button
            type="button"
            className="json-toggle"
            tabIndex={tabIndex}
            aria-expanded={open}
            aria-label={`${open ? 'Collapse' : 'Expand'} ${named}`}
            onClick={() => tree.setExpanded(key, !open)}
            onKeyDown={onToggleKey}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </button>
        ) : (
          <span className="json-toggle-spacer" aria-hidden="true" />
        )}
        <span className="json-key">{name}</span>
        <span className="json-colon" aria-hidden="true">
          :
        </span>
        {valueView}
        {container && link && (
          <Link className="json-link" to={link.href} tabIndex={tabIndex}>
            {link.label ?? 'open'}
          </Link>
        )}
        <span className="json-actions">
          <button
            type="button"
            className="json-action"
            tabIndex={tabIndex}
            aria-label={`Copy value of ${named}`}
            title="Copy value"
            onClick={() => tree.copy(copyTextOf(value), `value of ${named}`)}
          >
            copy
          </button>
          <button
            type="button"
            className="json-action"
            tabIndex={tabIndex}
            aria-label={`Copy path of ${named}`}
            title="Copy JSON path"
            onClick={() => tree.copy(pathText, `path ${pathText}`)}
          >
            path
          </button>
        </span>
      </div>
      {open && (
        <ul className="json-children">
          {childrenOf(value).map(([segment, child]) => (
            <JsonNode key={String(segment)} name={String(segment)} value={child} path={[...path, segment]} />
          ))}
        </ul>
      )}
      {open && <div className="json-close">{Array.isArray(value) ? ']' : '}'}</div>}
    </li>
  );
}

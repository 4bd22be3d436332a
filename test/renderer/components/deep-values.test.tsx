/**
 * Values nested 10,000 deep (a remote node's answer or a crafted file can hold them; Move values stop at 128) in the
 * components that walk JSON: the JSON tree shows a "too deep" row past its depth and copies the whole value, the diff
 * compares and shows such values as one row, the events list previews them, the resources table sizes them — none
 * overflows the stack.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { JsonTree } from '../../../renderer/components/json-tree/json-tree.tsx';
import { MAX_TREE_DEPTH } from '../../../renderer/components/json-tree/json-path.ts';
import { DiffView } from '../../../renderer/components/diff-view.tsx';
import { diffJson, MAX_DIFF_DEPTH } from '../../../renderer/lib/json-diff.ts';
import { resourceRows } from '../../../renderer/features/resources/resource-rows.ts';
import type { JsonValue } from '../../../renderer/api/types.ts';

const DEPTH = 10_000;

/** `{ "next": { "next": … leaf } }`, `depth` objects deep, built without recursion. */
function deep(depth: number, leaf: JsonValue): JsonValue {
  let value: JsonValue = leaf;
  for (let i = 0; i < depth; i += 1) value = { next: value };
  return value;
}

afterEach(cleanup);

describe('values nested 10,000 deep', () => {
  it('JsonTree: Expand all opens up to its depth, then one "too deep" row; copy gives the whole value', async () => {
    const user = userEvent.setup();
    const value = deep(DEPTH, 'bottom');
    render(
      <MemoryRouter>
        <JsonTree value={value} label="data" />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(
      screen.getByText(`nested deeper than ${MAX_TREE_DEPTH} levels: not shown (copy the value above to see it)`),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Collapse data/ })).toHaveLength(MAX_TREE_DEPTH);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy value of data' }));
    const copied = writeText.mock.calls[0]?.[0] ?? '';
    expect(copied.startsWith('{"next":{"next":')).toBe(true);
    expect(copied.endsWith(`"bottom"${'}'.repeat(DEPTH)}`)).toBe(true);
  });

  it('diffJson and DiffView: a difference at the bottom is one changed row at the depth bound', () => {
    const entries = diffJson(deep(DEPTH, 1), deep(DEPTH, 2));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.kind).toBe('changed');
    expect(entries[0]?.path).toHaveLength(MAX_DIFF_DEPTH);
    expect(diffJson(deep(DEPTH, 1), deep(DEPTH, 1))[0]?.kind).toBe('unchanged');
    render(<DiffView entries={entries} fromLabel="before" toLabel="after" />);
    const cells = document.querySelectorAll('.diff-before');
    expect(cells).toHaveLength(1);
    expect(cells[0]?.textContent?.startsWith('{"next":{"next":')).toBe(true);
    expect(cells[0]?.textContent?.endsWith('…')).toBe(true);
  });

  it('resourceRows sizes a deep resource by its JSON text', () => {
    const data = deep(DEPTH, 'x');
    const [row] = resourceRows([{ type: '0x1::m::Deep', data: data as { next: JsonValue } }]);
    expect(row?.size).toBe(DEPTH * '{"next":}'.length + '"x"'.length);
  });
});

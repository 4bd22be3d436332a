/**
 * The reusable JSON tree on its own: default depth, expand/collapse all, keyboard toggling, copy of
 * value and path, and links from `linkFor`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { JsonTree, formatJsonPath } from '../../../renderer/components/json-tree/json-tree.tsx';
import type { JsonValue } from '../../../renderer/api/types.ts';

const value: JsonValue = {
  coin: { value: '42' },
  owner: '0xa',
  deep: { inner: { list: [1, 2, { 'not ident': true }] } },
};

function show(linkFor?: Parameters<typeof JsonTree>[0]['linkFor']) {
  const user = userEvent.setup();
  const result = render(
    <MemoryRouter>
      <JsonTree value={value} label="data" linkFor={linkFor} />
    </MemoryRouter>,
  );
  return { user, ...result };
}

afterEach(cleanup);

describe('JsonTree', () => {
  it('formats JSON paths with brackets where keys are not identifiers', () => {
    expect(formatJsonPath([])).toBe('$');
    expect(formatJsonPath(['deep', 'inner', 'list', 2, 'not ident'])).toBe('$.deep.inner.list[2]["not ident"]');
  });

  it('opens two levels at first; Expand all and Collapse all change every container', async () => {
    const { user } = show();
    expect(screen.getByText('"42"')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Expand data.deep.inner' })).toBeTruthy();
    expect(screen.queryByText('"0xa"')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByRole('button', { name: 'Collapse data.deep.inner.list[2]' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByText('true')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.getByRole('button', { name: 'Expand data' })).toBeTruthy();
    expect(screen.queryByText('"42"')).toBeNull();
  });

  it('toggles a node from the keyboard', async () => {
    const { user } = show();
    const toggle = screen.getByRole('button', { name: 'Expand data.deep.inner' });
    toggle.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Collapse data.deep.inner' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Expand data.deep.inner' })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Collapse data.deep.inner' })).toBeTruthy();
  });

  it("names every control by its path from the tree's name, so two trees on a page have no same-named buttons", () => {
    render(
      <MemoryRouter>
        <JsonTree value={value} label="event 0 data" />
        <JsonTree value={value} label="event 1 data" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Collapse event 0 data' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy value of event 1 data.coin.value' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy path of event 1 data.coin' })).toBeTruthy();
    const names = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'));
    const named = names.filter((name): name is string => name !== null);
    expect(new Set(named).size).toBe(named.length);
  });

  it('copies a value and a JSON path', async () => {
    const { user } = show();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy value of data.coin.value' }));
    expect(writeText).toHaveBeenLastCalledWith('42');
    await user.click(screen.getByRole('button', { name: 'Copy path of data.coin' }));
    expect(writeText).toHaveBeenLastCalledWith('$.coin');
    await user.click(screen.getByRole('button', { name: 'Copy value of data.coin' }));
    expect(writeText).toHaveBeenLastCalledWith(JSON.stringify({ value: '42' }, null, 2));
    expect(await screen.findByText('Copied value of data.coin')).toBeTruthy();
  });

  it('renders links from linkFor on primitives and containers', () => {
    show((path, node) => {
      if (typeof node === 'string' && node.startsWith('0x')) return `/accounts/${node}`;
      if (path.length === 1 && path[0] === 'coin') return { href: '/coin', label: 'coin page' };
      return undefined;
    });
    const owner = screen.getByRole('link', { name: '"0xa"' });
    expect(owner.getAttribute('href')).toBe('/accounts/0xa');
    expect(screen.getByRole('link', { name: 'coin page' }).getAttribute('href')).toBe('/coin');
    const tree = screen.getByRole('group', { name: 'JSON data' });
    expect(within(tree).getAllByRole('link')).toHaveLength(2);
  });

  it('is one Tab stop: arrows move between rows, Tab goes through the active row, then leaves', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <button type="button">before</button>
        <JsonTree
          value={value}
          label="data"
          linkFor={(_path, node) =>
            typeof node === 'string' && node.startsWith('0x') ? `/accounts/${node}` : undefined
          }
        />
        <button type="button">after</button>
      </MemoryRouter>,
    );
    const tree = screen.getByRole('group', { name: 'JSON data' });
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab(); // Expand all
    await user.tab(); // Collapse all
    await user.tab(); // the root row's toggle: the tree's one tab stop
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Collapse data' }));
    // ArrowDown to the "owner" row lands on its first control, its link.
    const rows = [...tree.querySelectorAll('[data-json-row]')];
    const ownerRow = rows.findIndex((row) => row.textContent?.includes('"0xa"'));
    expect(ownerRow).toBeGreaterThan(1);
    for (let step = 0; step < ownerRow; step += 1) await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: '"0xa"' }));
    // Every other row's controls are out of the Tab order: after the active row's copy and path, the tree is left.
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Copy value of data.owner');
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'after' }));
    // Coming back (Shift+Tab) lands on the row last used, not the root.
    await user.tab({ shift: true });
    expect(document.activeElement?.closest('[data-json-row]')).toBe(rows[ownerRow]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Collapse data' }));
    await user.keyboard('{End}');
    expect(document.activeElement?.closest('[data-json-row]')).toBe(
      tree.querySelectorAll('[data-json-row]').item(rows.length - 1),
    );
  });

  it('keeps a tab stop when the container holding the active row is closed', async () => {
    const { user } = show();
    screen.getByRole('button', { name: 'Collapse data.coin' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Copy value of data.coin.value');
    await user.click(screen.getByRole('button', { name: 'Collapse data.coin' }));
    expect(screen.getByRole('button', { name: 'Expand data.coin' }).tabIndex).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.getByRole('button', { name: 'Expand data' }).tabIndex).toBe(0);
  });
});

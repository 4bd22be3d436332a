/**
 * The boot script's queue and its replay (renderer/public/input-boot.js, renderer/app/early-input.ts) with React's
 * real hydration: markup drawn by React's server renderer, acts on it before `hydrateRoot`, then the app's settle
 * step. A typed value reaches the component's state, a click its handler, a key its handler, in the order given; an
 * act on a page that is not busy is not queued.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settleEarlyInput } from '../../../renderer/app/early-input.ts';

const BOOT = readFileSync(join(import.meta.dirname, '..', '..', '..', 'renderer', 'public', 'input-boot.js'), 'utf8');

function Page({ log }: { readonly log: string[] }): ReactNode {
  const [text, setText] = useState('');
  const [clicks, setClicks] = useState(0);
  return (
    <div>
      <input
        aria-label="Filter"
        value={text}
        onChange={(event) => {
          log.push(`change ${event.target.value}`);
          setText(event.target.value);
        }}
        onKeyDown={(event) => log.push(`key ${event.key} with ${text}`)}
      />
      <button type="button" onClick={() => setClicks((count) => count + 1)}>
        Count
      </button>
      <output>
        {text}|{clicks}
      </output>
    </div>
  );
}

let root: Root | undefined;
let container: HTMLElement;

beforeEach(() => {
  // The script as each page runs it (a classic script, once per document): an earlier one is stopped by now.
  new Function(BOOT)();
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

/** `#root` holding the server's markup of the page, busy as ssr-page.ts sends it. */
function serverPage(log: string[], busy: boolean): HTMLElement {
  container = document.createElement('div');
  container.id = 'root';
  if (busy) container.setAttribute('aria-busy', 'true');
  container.innerHTML = renderToString(<Page log={log} />);
  document.body.append(container);
  return container;
}

function type(input: HTMLInputElement, text: string): void {
  for (const character of text) {
    input.value += character;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

describe('input before hydration', () => {
  it('replays a typed value, a click and a key in order once the page is hydrated, then clears aria-busy', async () => {
    const log: string[] = [];
    const page = serverPage(log, true);
    const input = page.querySelector('input')!;
    const button = page.querySelector('button')!;
    type(input, 'coin');
    button.click();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(input.value).toBe('coin');

    await act(async () => {
      root = hydrateRoot(page, <Page log={log} />);
      await Promise.resolve();
    });
    expect(page.hasAttribute('aria-busy')).toBe(true);
    await act(() => settleEarlyInput(page, true));
    expect(page.querySelector('output')?.textContent).toBe('coin|1');
    expect(log).toEqual(['change coin', 'key Enter with coin']);
    expect(page.hasAttribute('aria-busy')).toBe(false);
    // Live now: acts go straight to React.
    await act(async () => {
      button.click();
      await Promise.resolve();
    });
    expect(page.querySelector('output')?.textContent).toBe('coin|2');
  });

  it('queues nothing on a page that is not busy', async () => {
    const log: string[] = [];
    const page = serverPage(log, false);
    page.querySelector('button')!.click();
    await act(async () => {
      root = hydrateRoot(page, <Page log={log} />);
      await Promise.resolve();
    });
    await act(() => settleEarlyInput(page, true));
    expect(page.querySelector('output')?.textContent).toBe('|0');
  });
});

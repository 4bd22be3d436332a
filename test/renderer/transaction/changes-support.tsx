/**
 * What the changes-section tests share: reads of the real service over the `main` fixture (JSON and
 * BCS), a search of its transactions for one that shows what a test needs, and the section rendered
 * alone at `/txn/{version}` the way the transaction page renders it.
 */
import { render } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach } from 'vitest';
import { errorRecordJson } from '../../../shared/api/error-record.ts';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import type { CommittedTransactionJson } from '../../../renderer/api/transaction-json.ts';
import { isUserTransaction, type UserTransaction } from '../../../shared/api/wire-schemas.ts';
import { committedTransactions } from '../../support/wire-transactions.ts';
import { TransactionChanges } from '../../../renderer/features/transaction/changes/transaction-changes.tsx';
import { routeFetchInto, serviceFixture, type ServiceFixture } from '../support/service-fetch.ts';

/** The fixture every changes test reads. */
export const fixture = (): ServiceFixture => serviceFixture('main');

/** A service answer: status and parsed JSON (or bytes for BCS). */
export async function read(path: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const restore = routeFetchInto(fixture());
  try {
    const response = await fetch(path, init);
    const bcs = response.headers.get('content-type')?.includes('bcs') ?? false;
    return {
      status: response.status,
      body: bcs ? new Uint8Array(await response.arrayBuffer()) : await response.json(),
    };
  } finally {
    restore();
  }
}

/** `GET path` as JSON; throws unless 200. */
export async function readJson<T>(path: string): Promise<T> {
  const answer = await read(path);
  if (answer.status !== 200) throw new Error(`${path}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

/** A resource's data at a version, or null when the service answers 404. */
export async function resourceAt(address: string, type: string, version: bigint | string): Promise<unknown> {
  const answer = await read(
    `/v1/accounts/${address}/resource/${encodeURIComponent(type)}?ledger_version=${String(version)}`,
  );
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw new Error(`resource ${type}: HTTP ${answer.status}`);
  return (answer.body as { data: unknown }).data;
}

const pages = new Map<bigint, CommittedTransactionJson[]>();

/** One page of 100 retained transactions from `start` (read once per file). */
async function pageAt(start: bigint): Promise<CommittedTransactionJson[]> {
  let page = pages.get(start);
  if (!page) {
    page = committedTransactions(await readJson<unknown>(`/v1/transactions?start=${start}&limit=100`));
    pages.set(start, page);
  }
  return page;
}

/**
 * The first retained transaction (oldest first) for which `test` holds; async, as a test may read the
 * service. Pages are read only as far as the search goes.
 */
export async function findTransaction(
  test: (txn: CommittedTransactionJson) => boolean | Promise<boolean>,
): Promise<CommittedTransactionJson> {
  const info = fixture().info;
  for (let start = BigInt(info.oldestVersion); start <= BigInt(info.latestVersion); start += 100n)
    for (const txn of await pageAt(start)) if (await test(txn)) return txn;
  throw new Error('no transaction in the fixture matches');
}

/** The first retained user transaction (oldest first) for which `test` holds. */
export async function findUserTransaction(
  test: (txn: UserTransaction) => boolean | Promise<boolean>,
): Promise<UserTransaction> {
  const found = await findTransaction(async (txn) => isUserTransaction(txn) && (await test(txn)));
  if (!isUserTransaction(found)) throw new Error(`transaction ${found.version} is a ${found.type}`);
  return found;
}

let restoreFetch: (() => void) | undefined;
afterEach(() => {
  restoreFetch?.();
  restoreFetch = undefined;
});

/** How the source is stood in for: with the explorer API (a snapshot), or a node without it. */
export interface RenderOptions {
  /**
   * What answers the 404 a web framework gives to a path it does not know (the section then walks the node per
   * change): `explorer`, all of `/explorer/*` (a node); `changes`, only the changes read (a source whose explorer API
   * predates it, which still knows the tables' types). Nothing hidden by default.
   */
  readonly hide?: 'explorer' | 'changes' | undefined;
  /** The changes read's pages cut to this many state keys (the service's own paging, as a large write set has). */
  readonly changesPage?: number | undefined;
}

const CHANGES_PATH = /^\/explorer\/v1\/transactions\/by_version\/[^/]+\/changes$/;

/**
 * Renders the section for `txn` inside a router at `/txn/{version}`, fetch routed into the service (with `hide`, as
 * a source without (part of) the explorer API answers; the requests are recorded either way).
 */
export function renderChanges(txn: CommittedTransactionJson, options: RenderOptions = {}): { user: UserEvent } {
  restoreFetch?.();
  const restoreService = routeFetchInto(fixture());
  restoreFetch = restoreService;
  const { hide, changesPage } = options;
  if (hide !== undefined || changesPage !== undefined) {
    const service = globalThis.fetch;
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      if (changesPage !== undefined && CHANGES_PATH.test(url.pathname)) {
        url.searchParams.set('limit', String(changesPage));
        return service(`${url.pathname}${url.search}`, init);
      }
      const hidden = hide === 'explorer' ? url.pathname.startsWith('/explorer/') : CHANGES_PATH.test(url.pathname);
      if (hide === undefined || !hidden) return service(input, init);
      fixture().requests.push(`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search}`);
      return new Response(errorRecordJson('Not Found', 'web_framework_error'), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    };
    restoreFetch = () => {
      globalThis.fetch = service;
      restoreService();
    };
  }
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/txn/${txn.version}`]}>
        <Routes>
          <Route path="/txn/:id" element={<TransactionChanges transaction={txn} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

/** The section element. */
export function section(): HTMLElement {
  const element = document.querySelector<HTMLElement>('section.transaction-changes');
  if (!element) throw new Error('no changes section');
  return element;
}

/** The list item of change number `index` (0-based position in `changes`). */
export function changeItem(index: number): HTMLElement {
  const button = document.querySelector(`button[aria-label$="change ${index + 1}"]`);
  const item = button?.closest('li');
  if (!item) throw new Error(`change ${index + 1} is not in the list`);
  return item as HTMLElement;
}

/** The diff rows of a change item: `path → [kind, before, after]`. */
export function diffRows(item: HTMLElement): Map<string, readonly string[]> {
  const rows = new Map<string, readonly string[]>();
  for (const row of item.querySelectorAll('.diff-table tr')) {
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent ?? '');
    if (cells.length === 4) rows.set(cells[0]!, cells.slice(1));
  }
  return rows;
}

/**
 * The indexer-backed pages in the UI benchmark: an account's Activity (navigation → its first history rows) and an
 * asset's page (navigation → its facts, first holder and first activity all drawn). Baseline from the same run: a
 * framework-free page making the same reads — `GET /v1` (the latest version, which the queries are bounded by), then
 * the very GraphQL requests the app sent (recorded from an unmeasured run of the app, so the bodies are the app's
 * own) — and writing one plain row per item of each answer.
 */
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { normalizeAddress } from '../../shared/address.ts';
import { drawnByClient, newPage } from '../e2e/support/e2e-harness.ts';
import { instrument, timeToSelector } from './ui-bench-page.ts';

/** What Activity's first rows wait for: a history row (each carries its version). */
export const ACTIVITY_ROW = '[aria-label="Activity"] [data-version]';

/** What the asset page waits for: its facts, a holder and an activity. */
export const ASSET_READY = [
  'dl.asset-facts',
  '[aria-label="Holders"] tr[data-owner]',
  '[aria-label="Recent activities"] tr[data-version]',
] as const;

/** The account the indexer lists most transactions for (the sample's busiest history), read-only. */
export function busiestAccount(snapshotPath: string): { readonly address: string; readonly transactions: number } {
  const db = new Database(snapshotPath, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT account_address AS address, COUNT(*) AS transactions FROM ix_account_transactions
         GROUP BY account_address ORDER BY transactions DESC, account_address LIMIT 1`,
      )
      .get() as { address: string; transactions: number };
    // The indexer writes addresses long; the app's URLs carry the short form (a long one is redirected first).
    return { address: normalizeAddress(row.address), transactions: row.transactions };
  } finally {
    db.close();
  }
}

/** One GraphQL request the app sent: its query string (`?ledger_version=` or none) and its body. */
export interface RecordedGraphql {
  readonly search: string;
  readonly body: string;
}

/**
 * Opens `path` in the app once (unmeasured), waits for every `ready` selector and returns the GraphQL requests it
 * sent until then, in order. The page is opened without the data the server rendered it with (its `ssr-state` block
 * taken out: the app then draws it itself, electron/service/ssr-page.ts), so these are the reads the page needs
 * whoever makes them, and the baseline makes the same ones.
 */
export async function recordGraphql(
  browser: Browser,
  base: string,
  path: string,
  ready: readonly string[],
): Promise<RecordedGraphql[]> {
  const { page, context } = await newPage(browser);
  const sent: RecordedGraphql[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v1/graphql' && request.method() === 'POST')
      sent.push({ search: url.search, body: request.postData() ?? '' });
  });
  const target = new URL(path, base).href;
  await drawnByClient(page, target);
  await page.goto(target);
  for (const selector of ready) await page.waitForSelector(selector, { timeout: 60_000 });
  await context.close();
  if (sent.length === 0) throw new Error(`${path}: the app sent no GraphQL request to replay`);
  return sent;
}

/** Navigation → every `ready` selector matched (the last of them), on the app at `path`. */
export async function appPageMs(
  browser: Browser,
  base: string,
  path: string,
  ready: readonly string[],
): Promise<number> {
  const { page, context } = await newPage(browser);
  await instrument(page, ready);
  await page.goto(`${base}${path}`);
  let last = 0;
  for (const selector of ready) last = Math.max(last, await timeToSelector(page, selector));
  await context.close();
  return last;
}

/** The bare page: `GET /v1`, then the recorded GraphQL requests at once, one `<li>` per item of each answer. */
function bareGraphqlPage(requests: readonly RecordedGraphql[]): string {
  return `<!doctype html><meta charset="utf-8"><title>bare</title><ul id="c"></ul><script type="module">
const requests = ${JSON.stringify(requests).replace(/</g, '\\u003c')};
const ledger = await (await fetch('/v1', { headers: { Accept: 'application/json' } })).json();
const answers = await Promise.all(requests.map((r) =>
  fetch('/v1/graphql' + r.search, { method: 'POST', headers: { 'content-type': 'application/json' }, body: r.body })
    .then((response) => response.json())));
const list = document.getElementById('c');
list.title = ledger.ledger_version;
for (const answer of answers) {
  for (const rows of Object.values(answer.data ?? {})) {
    for (const row of Array.isArray(rows) ? rows : [rows]) {
      const li = document.createElement('li');
      li.textContent = JSON.stringify(row);
      list.append(li);
    }
  }
}
list.setAttribute('data-ready', 'true');
</script>`;
}

/** Navigation → the bare page's rows written. */
export async function bareGraphqlPageMs(
  browser: Browser,
  base: string,
  requests: readonly RecordedGraphql[],
): Promise<number> {
  const { page, context } = await newPage(browser);
  await instrument(page, ['#c[data-ready]']);
  await page.route(`${base}/__bench/graphql.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: bareGraphqlPage(requests) }),
  );
  await page.goto(`${base}/__bench/graphql.html`);
  const ms = await timeToSelector(page, '#c[data-ready]');
  await context.close();
  return ms;
}

/** One indexer-backed page measured beside its baseline (medians of the runs). */
export interface IndexerPageResult {
  readonly path: string;
  readonly oursMs: number;
  readonly bareMs: number;
  readonly requests: number;
}

/** Records the app's GraphQL reads of `path` once, then alternates `runs` runs of the app and of the bare page. */
export async function measureIndexerPage(
  browser: Browser,
  base: string,
  path: string,
  ready: readonly string[],
  runs: number,
  median: (values: readonly number[]) => number,
): Promise<IndexerPageResult> {
  const requests = await recordGraphql(browser, base, path, ready);
  const ours: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    ours.push(await appPageMs(browser, base, path, ready));
    bare.push(await bareGraphqlPageMs(browser, base, requests));
  }
  return { path, oursMs: median(ours), bareMs: median(bare), requests: requests.length };
}

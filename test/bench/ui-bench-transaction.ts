/**
 * The transaction page in the UI benchmark: the largest transaction of the sample (most state keys written plus
 * events), from navigation until its changes section says it is rendered (`data-changes-ready="true"`: every
 * change listed and the values before it, read at V − 1, drawn for the rows shown open). Baseline from the same
 * run: a framework-free page that makes the same reads (the transaction and the explorer's read of its changes) and
 * writes one row per change.
 */
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { newPage } from '../e2e/support/e2e-harness.ts';
import { instrument, LIVE, timeToSelector } from './ui-bench-page.ts';

/** The sample's largest retained transaction: its version and how many keys it wrote and events it emitted. */
export interface LargestTransaction {
  readonly version: string;
  readonly writes: number;
  readonly events: number;
}

/** Finds the retained transaction with the most writes plus events (the file is opened read-only). */
export function largestTransaction(snapshotPath: string): LargestTransaction {
  const db = new Database(snapshotPath, { readonly: true, fileMustExist: true });
  try {
    const oldest = (db.prepare(`SELECT value FROM meta WHERE key = 'oldest_version'`).get() as { value: string }).value;
    const row = db
      .prepare(
        `SELECT version, write_set_size AS writes, event_count AS events FROM transaction_details
         WHERE version >= ? ORDER BY write_set_size + event_count DESC, version DESC LIMIT 1`,
      )
      .get(Number(oldest)) as { version: number; writes: number; events: number };
    return { version: String(row.version), writes: row.writes, events: row.events };
  } finally {
    db.close();
  }
}

const READY = '[data-changes-ready="true"]';

/** Navigation → the changes section rendered, and → every control live, on the transaction page at `version`. */
export async function transactionPageMs(
  browser: Browser,
  base: string,
  version: string,
): Promise<{ ms: number; liveMs: number }> {
  const { page, context } = await newPage(browser);
  await instrument(page, [READY, LIVE]);
  await page.goto(`${base}/txn/${version}`);
  const ms = await timeToSelector(page, READY);
  const liveMs = await timeToSelector(page, LIVE);
  await context.close();
  return { ms, liveMs };
}

/**
 * The same reads without the UI, as the app makes them (renderer/app/route-prefetch.ts): `GET /v1`, the
 * transaction and the explorer's one read of its changes (each change's before and after,
 * `GET /explorer/v1/transactions/by_version/{v}/changes` at the app's page size), in parallel; one plain row per
 * change.
 */
function bareTransactionPage(version: string): string {
  return `<!doctype html><meta charset="utf-8"><title>bare</title><ul id="c"></ul><script type="module">
const v = ${JSON.stringify(version)};
const json = (path) => fetch(path, { headers: { Accept: 'application/json' } }).then((r) => r.json());
const [, txn, facts] = await Promise.all([
  json('/v1'),
  json('/v1/transactions/by_version/' + v),
  json('/explorer/v1/transactions/by_version/' + v + '/changes?start=0&limit=1000'),
]);
const list = document.getElementById('c');
txn.changes.forEach((change, i) => {
  const fact = facts.changes[i] ?? null;
  const li = document.createElement('li');
  li.textContent =
    change.type + ' ' + JSON.stringify(fact?.before ?? null) + ' → ' + JSON.stringify(change.data ?? null);
  list.append(li);
});
list.setAttribute('data-ready', 'true');
</script>`;
}

/** Navigation → the bare page's rows written. */
export async function bareTransactionPageMs(browser: Browser, base: string, version: string): Promise<number> {
  const { page, context } = await newPage(browser);
  await instrument(page, ['#c[data-ready]']);
  await page.route(`${base}/__bench/txn.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: bareTransactionPage(version) }),
  );
  await page.goto(`${base}/__bench/txn.html`);
  const ms = await timeToSelector(page, '#c[data-ready]');
  await context.close();
  return ms;
}

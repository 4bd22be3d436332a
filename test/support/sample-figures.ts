/**
 * The figures the README (and the docs that quote the sample) state about the sample snapshot, computed from a
 * generated sample, and the marked spans they are written into. A figure in a Markdown file is a span
 * `<!-- figure NAME -->TEXT<!-- /figure -->` (a whole fenced block may sit between the two markers); `TEXT` is
 * what {@link FIGURE_TEXT} renders for NAME from the sample, so `npm run docs:figures` rewrites the spans and
 * test/docs/readme-figures.test.ts fails when one drifts from the sample.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseAddress } from '../../shared/address.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import { startHints } from '../../electron/cli/start-hints.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { COLLECTOR_ADDRESS } from '../../electron/snapshot/generator/coin-collection.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { hashOfGenerator } from './fixtures.ts';

/** The Markdown files whose marked spans hold sample figures (paths from the repository root). */
export const FIGURE_FILES = ['README.md'] as const;

/** What the docs say about the sample, read from a generated sample. */
export interface SampleFigures {
  /** Latest and oldest retained versions. */
  readonly latestVersion: bigint;
  readonly oldestVersion: bigint;
  /** Accounts holding `0x1::account::Account` at the latest version, and those of them that sent a transaction. */
  readonly accounts: number;
  readonly senders: number;
  /** `0xcafe::registry::Registry`: `record_count` at the oldest and the latest version, its `record_events` stream. */
  readonly recordCountOldest: string;
  readonly recordCountLatest: string;
  readonly recordEvents: { readonly creationNumber: string; readonly events: bigint };
  /** Resources of the coin collector (the long-table example) at the latest version. */
  readonly collectorResources: number;
  /** What `serve` prints on the sample from "listening on" to its start lines (the README's example). */
  readonly serveLines: string;
}

const REGISTRY = '0xcafe::registry::Registry';
const ACCOUNT = parseStructTag('0x1::account::Account');
/** Where the README shows `serve` listening and the sample's file (a Linux data folder). */
const EXAMPLE_BASE = 'http://127.0.0.1:8080';
const EXAMPLE_SNAPSHOT = '/home/you/.config/ledger-explorer/sample-snapshot-v1.db';

const count = (n: bigint | number): string => n.toLocaleString('en-US');

async function getJson<T>(handler: (request: Request) => Promise<Response>, path: string): Promise<T> {
  const response = await handler(new Request(`http://127.0.0.1${path}`));
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface RegistryJson {
  readonly data: {
    readonly record_count: string;
    readonly record_events: { readonly counter: string; readonly guid: { readonly id: { creation_num: string } } };
  };
}

/** Accounts (Account resource holders) at the latest version, and how many of them sent transactions. */
function accountCounts(store: SnapshotStore, version: bigint): { accounts: number; senders: number } {
  let accounts = 0;
  let senders = 0;
  let after: Uint8Array | undefined;
  for (;;) {
    const page = store.listAccounts(version, after, 1000);
    if (page.length === 0) break;
    for (const address of page) {
      if (store.resource(address, ACCOUNT, version)) {
        accounts += 1;
        if (store.accountTransactionVersions(address, undefined, 1).length > 0) senders += 1;
      }
    }
    after = page.at(-1);
  }
  return { accounts, senders };
}

function resourceCount(store: SnapshotStore, address: string, version: bigint): number {
  let total = 0;
  let cursor: Uint8Array | undefined;
  do {
    const page = store.accountResources(parseAddress(address), version, cursor, 9999);
    total += page.resources.length;
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return total;
}

/** `serve`'s output on the sample as the README shows it: its URLs on port 8080, long table handles shortened. */
function serveLines(store: SnapshotStore): string {
  const hints = startHints(store, `${EXAMPLE_BASE}/`, EXAMPLE_SNAPSHOT).replace(
    /\/tables\/(0x[0-9a-f]{8})[0-9a-f]+/g,
    '/tables/$1…',
  );
  return `listening on ${EXAMPLE_BASE}\nweb UI: ${EXAMPLE_BASE}/\n${hints}`;
}

/** Reads the figures from an open sample snapshot. */
export async function sampleFigures(store: SnapshotStore): Promise<SampleFigures> {
  const handler = createReadService({ store, responseCache: false });
  const { ledgerVersion: latestVersion, oldestLedgerVersion: oldestVersion } = store.ledgerInfo();
  const path = `/v1/accounts/0xcafe/resource/${REGISTRY}`;
  const latest = await getJson<RegistryJson>(handler, path);
  const oldest = await getJson<RegistryJson>(handler, `${path}?ledger_version=${oldestVersion}`);
  return {
    latestVersion,
    oldestVersion,
    ...accountCounts(store, latestVersion),
    recordCountOldest: oldest.data.record_count,
    recordCountLatest: latest.data.record_count,
    recordEvents: {
      creationNumber: latest.data.record_events.guid.id.creation_num,
      events: BigInt(latest.data.record_events.counter),
    },
    collectorResources: resourceCount(store, COLLECTOR_ADDRESS, latestVersion),
    serveLines: serveLines(store),
  };
}

/** The text of each figure span, by name, rendered from the sample's figures. */
export const FIGURE_TEXT: Readonly<Record<string, (f: SampleFigures) => string>> = {
  'collector-resources': (f) => `${count(f.collectorResources)} resources`,
  'serve-lines': (f) => `\n\n\`\`\`text\n${f.serveLines}\`\`\`\n\n`,
  'sample-range': (f) =>
    `versions 0..${f.latestVersion}, ${f.oldestVersion}..${f.latestVersion} retained, ${count(f.accounts)} accounts ` +
    `(${count(f.senders)} of them senders)`,
  'record-events': (f) =>
    `stream ${f.recordEvents.creationNumber} (\`record_events\`, ${count(f.recordEvents.events)} events)`,
  'oldest-version': (f) => `\`${f.oldestVersion}\``,
  'oldest-version-query': (f) => `\`?ledger_version=${f.oldestVersion}\``,
  'record-count': (f) => `\`record_count\` is ${f.recordCountOldest} instead of ${f.recordCountLatest}`,
  'compare-url': (f) => `\`/accounts/0xcafe/compare?from=${f.oldestVersion}&to=${f.latestVersion}\``,
};

const SPAN = /<!-- figure ([a-z-]+) -->([\s\S]*?)<!-- \/figure -->/g;

/** One marked span of a Markdown text: its name and current text. */
export interface FigureSpan {
  readonly name: string;
  readonly text: string;
}

/** The marked spans of `markdown`, in order. */
export function figureSpans(markdown: string): readonly FigureSpan[] {
  return [...markdown.matchAll(SPAN)].map((m) => ({ name: m[1]!, text: m[2]! }));
}

/** `markdown` with every marked span's text replaced by the sample's; an unknown name is an error. */
export function rewriteFigures(markdown: string, figures: SampleFigures): string {
  return markdown.replace(SPAN, (_span, name: string) => {
    const render = FIGURE_TEXT[name];
    if (render === undefined)
      throw new Error(`unknown figure "${name}" (known: ${Object.keys(FIGURE_TEXT).join(', ')})`);
    return `<!-- figure ${name} -->${render(figures)}<!-- /figure -->`;
  });
}

/**
 * The sample snapshot as `serve` generates it on first use (the generator's defaults), kept under test/.tmp while
 * the generator's sources are unchanged (older ones are removed).
 */
export function sampleFile(root: string, log: (line: string) => void = () => {}): string {
  const dir = join(root, 'test', '.tmp', 'docs-figures');
  const path = join(dir, `sample-${hashOfGenerator()}.db`);
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) if (name.startsWith('sample-')) rmSync(join(dir, name), { force: true });
    log(`generating the sample snapshot into ${path}…`);
    generateSnapshot({ out: path });
  }
  return path;
}

/** Opens the sample (generating it when needed) and reads its figures. */
export async function readSampleFigures(root: string, log?: (line: string) => void): Promise<SampleFigures> {
  const store = SnapshotStore.open(sampleFile(root, log));
  try {
    return await sampleFigures(store);
  } finally {
    store.close();
  }
}

/**
 * Records the service's replies to a fixed list of requests, so a refactoring can show that it
 * changed no byte on the wire: every route of the service, in JSON and BCS, plus the error cases
 * of the contract tests (bad paths, bad queries, versions out of range, not-served node routes,
 * wrong methods). Each request is answered twice: by the snapshot service (`createReadService`)
 * and by the remote proxy (`createRemoteService`) in front of that service served over real HTTP.
 * For each, the status, the headers (sorted, lower-case; no `Date`) and the body's length and
 * SHA-256 are written; error bodies are written in full, for a readable difference.
 *
 * Run: `node test/support/record-replies.ts OUT.json` (generates the `main` fixture under
 * test/.tmp/ when missing). Compare: `node test/support/record-replies.ts --compare BEFORE.json`
 * exits 1 and lists the requests whose replies differ. The vitest test `replies-recording.test.ts`
 * compares against the committed recording `test/service/replies-recording.json`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { createRemoteService } from '../../electron/service/remote/remote-service.ts';
import { startHttpServer } from '../../electron/service/http-server.ts';
import { parseAddress } from '../../shared/address.ts';
import { formatCursor } from '../../electron/service/cursor.ts';
import { FIXTURES, fixtureFileFor } from './fixtures.ts';
import { recordedRequests, type RecordedRequest } from './recorded-requests.ts';

/** One recorded reply. */
export interface RecordedReply {
  readonly status: number;
  /** The headers shown in full: content type, cursor, `Allow`. */
  readonly headers: Readonly<Record<string, string>>;
  /** SHA-256 of every header but `Date` (names lower-case, sorted), ledger headers included. */
  readonly allHeaders: string;
  readonly bytes: number;
  readonly sha256: string;
  /** The body as text when it is an error record (status ≥ 400). */
  readonly error?: string;
}

/** A recording: per source, request label → reply. */
export type Recording = Readonly<Record<'snapshot' | 'remote', Readonly<Record<string, RecordedReply>>>>;

const SHOWN_HEADERS = new Set(['content-type', 'allow', 'x-aptos-cursor', 'retry-after']);

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A JSON body with what changes per run replaced: the backend's origin (its port) in the proxy's
 * messages and source, and the time the source's health was checked.
 */
function normalized(body: Uint8Array, backend: string | undefined): Uint8Array {
  let text = new TextDecoder().decode(body).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME');
  if (backend !== undefined) text = text.replaceAll(backend, 'BACKEND');
  return new TextEncoder().encode(text);
}

async function recordOne(
  handler: (request: Request) => Promise<Response>,
  spec: RecordedRequest,
  backend: string | undefined,
): Promise<RecordedReply> {
  const init: RequestInit = { method: spec.method, headers: { ...spec.headers } };
  if (spec.body !== undefined) {
    init.body = spec.body;
    init.headers = { 'content-type': 'application/json', ...spec.headers };
  }
  const response = await handler(new Request(`http://127.0.0.1${spec.path}`, init));
  const body = new Uint8Array(await response.arrayBuffer());
  const all = [...response.headers]
    .filter(([name]) => name !== 'date')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const headers: Record<string, string> = {};
  for (const [name, value] of all) if (SHOWN_HEADERS.has(name)) headers[name] = value;
  const json = response.headers.get('content-type')?.startsWith('application/json') === true;
  const text = json ? normalized(body, backend) : body;
  const reply: RecordedReply = {
    status: response.status,
    headers,
    allHeaders: sha256(new TextEncoder().encode(JSON.stringify(all))),
    bytes: body.length,
    sha256: sha256(text),
    ...(response.status >= 400 ? { error: new TextDecoder().decode(text) } : {}),
  };
  return reply;
}

/**
 * Records every request of {@link recordedRequests} against the snapshot `file` (default: the `main`
 * fixture, generated when missing).
 */
export async function recordReplies(file = fixtureFileFor('main')): Promise<Recording> {
  mkdirSync(dirname(file), { recursive: true });
  if (!existsSync(file)) generateSnapshot({ out: file, ...FIXTURES.main });
  const store = SnapshotStore.open(file);
  const info: SnapshotInfo = snapshotInfo(store, 5);
  const page = store.accountResources(parseAddress('0x1'), BigInt(info.latestVersion), undefined, 2);
  if (page.nextCursor === undefined) throw new Error('0x1 has fewer than three resources');
  const requests = recordedRequests(info, formatCursor(page.nextCursor));
  const snapshotService = createReadService({ store, onUnexpectedError: () => undefined });
  const server = await startHttpServer({ handler: createReadService({ store }), port: 0 });
  const remote = createRemoteService({ baseUrl: `${server.url}/v1`, cache: false, maxRetries: 0 });
  const snapshot: Record<string, RecordedReply> = {};
  const proxied: Record<string, RecordedReply> = {};
  try {
    for (const spec of requests) {
      const accept = spec.headers?.accept === undefined ? '' : ` [${spec.headers.accept}]`;
      const label = `${spec.method} ${spec.path}${accept}${spec.body === undefined ? '' : ` ${spec.body}`}`;
      if (label in snapshot) throw new Error(`request listed twice: ${label}`);
      snapshot[label] = await recordOne(snapshotService, spec, undefined);
      proxied[label] = await recordOne(remote, spec, new URL(server.url).host);
    }
  } finally {
    await server.close();
    store.close();
  }
  return { snapshot, remote: proxied };
}

/** The labels whose replies differ between two recordings (missing on either side included). */
export function differences(before: Recording, after: Recording): string[] {
  const found: string[] = [];
  for (const source of ['snapshot', 'remote'] as const) {
    const labels = new Set([...Object.keys(before[source]), ...Object.keys(after[source])]);
    for (const label of labels) {
      if (JSON.stringify(before[source][label]) !== JSON.stringify(after[source][label]))
        found.push(`${source}: ${label}`);
    }
  }
  return found;
}

/** The recording as JSON text, one reply a line (small, readable differences). */
export function formatRecording(recording: Recording): string {
  const section = (replies: Readonly<Record<string, RecordedReply>>): string =>
    Object.entries(replies)
      .map(([label, reply]) => `  ${JSON.stringify(label)}: ${JSON.stringify(reply)}`)
      .join(',\n');
  return `{"snapshot": {\n${section(recording.snapshot)}\n}, "remote": {\n${section(recording.remote)}\n}}\n`;
}

async function main(args: readonly string[]): Promise<number> {
  const recording = await recordReplies();
  if (args[0] === '--compare' && args[1] !== undefined) {
    const before = JSON.parse(readFileSync(args[1], 'utf8')) as Recording;
    const changed = differences(before, recording);
    for (const line of changed) console.log(`differs: ${line}`);
    console.log(`${Object.keys(recording.snapshot).length} requests, ${changed.length} replies differ`);
    return changed.length === 0 ? 0 : 1;
  }
  const out = args[0] ?? 'replies.json';
  writeFileSync(out, formatRecording(recording));
  console.log(`${Object.keys(recording.snapshot).length} requests recorded to ${out}`);
  return 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));

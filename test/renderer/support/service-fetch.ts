/**
 * `fetch` for component tests: same-origin requests go into the REAL read service over a
 * generated snapshot (no HTTP, no mocks of the API); anything else is refused, as the sandboxed
 * renderer may only talk to its own origin.
 */
import { SnapshotStore } from '../../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../../electron/snapshot/snapshot-info.ts';
import { createReadService, type ReadServiceHandler } from '../../../electron/service/read-service.ts';
import type { ServiceRequest } from '../../../electron/service/service-reply.ts';
import { fixturePath } from '../../support/fixture-path.ts';
import type { FixtureName } from '../../support/fixtures.ts';

/** A fixture opened for the components of one test file. */
export interface ServiceFixture {
  readonly store: SnapshotStore;
  readonly service: ReadServiceHandler;
  readonly info: SnapshotInfo;
  /** Every request the UI sent, as `METHOD path?query`, in order. */
  readonly requests: string[];
}

const opened = new Map<FixtureName, ServiceFixture>();

/** The read service over fixture `name` (opened once per test file, closed by the setup file). */
export function serviceFixture(name: FixtureName): ServiceFixture {
  let fixture = opened.get(name);
  if (!fixture) {
    const store = SnapshotStore.open(fixturePath(name));
    fixture = {
      store,
      service: createReadService({ store, source: { kind: 'snapshot', name: `${name}.db`, origin: null } }),
      info: snapshotInfo(store, 5),
      requests: [],
    };
    opened.set(name, fixture);
  }
  return fixture;
}

/**
 * The read service over a snapshot file of the test's own (e.g. an edited copy of a fixture), opened read-only;
 * the setup file closes it with the shared fixtures.
 */
export function serviceFixtureAt(path: string): ServiceFixture {
  const store = SnapshotStore.open(path);
  const fixture: ServiceFixture = {
    store,
    service: createReadService({
      store,
      source: { kind: 'snapshot', name: path.split('/').at(-1) ?? path, origin: null },
    }),
    info: snapshotInfo(store, 5),
    requests: [],
  };
  ownFiles.push(fixture);
  return fixture;
}

const ownFiles: ServiceFixture[] = [];

/** Forgets the requests recorded so far (after each test: a test sees only its own). */
export function clearRecordedRequests(): void {
  for (const fixture of opened.values()) fixture.requests.length = 0;
}

/** Closes every fixture opened by this file. */
export function closeServiceFixtures(): void {
  for (const fixture of opened.values()) fixture.store.close();
  opened.clear();
  for (const fixture of ownFiles.splice(0)) fixture.store.close();
}

function bodyBytes(body: BodyInit | null | undefined): Uint8Array {
  if (body === undefined || body === null) return new Uint8Array();
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  throw new TypeError('test fetch: unsupported body type');
}

/** The URL text of a fetch input. */
function hrefOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** Replaces `globalThis.fetch` with one served by `fixture`'s read service; returns the restore function. */

export function routeFetchInto(fixture: ServiceFixture): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(hrefOf(input), window.location.href);
    if (url.origin !== window.location.origin)
      throw new TypeError(`test fetch: ${url.origin} is not the page's origin`);
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const headers = new Headers(init?.headers);
    const method = (init?.method ?? 'GET').toUpperCase();
    const bytes = bodyBytes(init?.body);
    fixture.requests.push(`${method} ${url.pathname}${url.search}`);
    const request: ServiceRequest = {
      method,
      url: new URL(url.href),
      header: (name) => headers.get(name),
      body: async () => bytes,
    };
    const reply = await fixture.service.serve(request);
    const responseHeaders = new Headers();
    for (const [name, value] of reply.headers) responseHeaders.append(name, value);
    const body =
      method === 'HEAD' || reply.body === null
        ? null
        : typeof reply.body === 'string'
          ? reply.body
          : new Uint8Array(reply.body);
    return new Response(body, { status: reply.status, headers: responseHeaders });
  };
  return () => {
    globalThis.fetch = original;
  };
}

/**
 * Runs `read` with `fetch` routed into fixture `name`'s service (for a test's own API reads, before
 * or beside rendering), then restores the previous fetch.
 */
export async function withApi<T>(read: () => Promise<T>, name: FixtureName = 'main'): Promise<T> {
  const restore = routeFetchInto(serviceFixture(name));
  try {
    return await read();
  } finally {
    restore();
  }
}

/** Answers a request itself, or hands it to the fixture's service with `forward()` (and may change that answer). */
export type FetchIntercept = (url: URL, forward: () => Promise<Response>) => Response | Promise<Response>;

const interceptRestores: (() => void)[] = [];

/**
 * Routes `fetch` into `fixture`'s service through `intercept`: how a remote node differs, fails or
 * moves, stood in for at the fetch boundary. Undone after the test by the setup file.
 */
export function interceptFetch(fixture: ServiceFixture, intercept: FetchIntercept): void {
  const restoreService = routeFetchInto(fixture);
  const service = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    intercept(new URL(hrefOf(input), window.location.href), () => service(input, init));
  interceptRestores.push(() => {
    globalThis.fetch = service;
    restoreService();
  });
}

/** Undoes every {@link interceptFetch} of the test, newest first. */
export function restoreInterceptedFetch(): void {
  for (let restore = interceptRestores.pop(); restore; restore = interceptRestores.pop()) restore();
}

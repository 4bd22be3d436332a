/**
 * A read-service HTTP server in its own process, for tests and benchmarks that measure the
 * server's memory and sockets (they must not share a heap with the client). Started with
 * `fork(this file, [snapshot or node URL, optionsJson], { execArgv: ['--expose-gc'] })`; sends `{ url }` once
 * it listens, then answers each `'stats'` message with `{ rss, heapUsed, heapTotal, external, connections }` measured
 * after a full garbage collection, and stops on `'stop'`.
 */
import { createReadService } from '../../electron/service/read-service.ts';
import { createRemoteService } from '../../electron/service/remote/remote-service.ts';
import { startHttpServer, type HttpServerOptions } from '../../electron/service/http-server.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';

/** What the child reports on `'stats'`. */
export interface ServerStats {
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  readonly connections: number;
  /** The process's peak resident set so far (bytes). */
  readonly peakRss: number;
}

/** Options passed as JSON: the HTTP adapter's limits, and `cache: false` for no reply cache. */
export type ChildOptions = Partial<
  Pick<
    HttpServerOptions,
    'maxConnections' | 'bodyTimeoutMs' | 'headersTimeoutMs' | 'requestTimeoutMs' | 'idleTimeoutMs'
  >
> & {
  readonly cache?: boolean;
};

const [source, optionsJson] = process.argv.slice(2);
if (!source || !process.send) throw new Error('usage: fork(http-server-child.ts, [snapshot or node URL, optionsJson])');
const options = JSON.parse(optionsJson ?? '{}') as ChildOptions;
// A node URL (`http://…/v1`) serves that node through the remote source (no retries: one answer each).
const remote = /^https?:\/\//.test(source);
const store = remote ? undefined : SnapshotStore.open(source);
const { cache, ...limits } = options;
const server = await startHttpServer({
  handler: store
    ? createReadService({ store, responseCache: cache === false ? false : undefined, snapshotFile: source })
    : createRemoteService({ baseUrl: source, maxRetries: 0, cache: cache === false ? false : undefined }),
  port: 0,
  ...limits,
});

const collect = (): void => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
};

process.on('message', (message: unknown) => {
  if (message === 'stats') {
    collect();
    void server.connections().then((connections) => {
      const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
      const peakRss = process.resourceUsage().maxRSS * 1024;
      const stats: ServerStats = { rss, heapUsed, heapTotal, external, connections, peakRss };
      process.send?.(stats);
    });
  } else if (message === 'stop') {
    void server.close().then(() => {
      store?.close();
      process.disconnect();
    });
  }
});
process.send({ url: server.url });

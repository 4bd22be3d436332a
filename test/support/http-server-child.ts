/**
 * A read-service HTTP server in its own process, for tests and benchmarks that measure the
 * server's memory and sockets (they must not share a heap with the client). Started with
 * `fork(this file, [snapshot, optionsJson], { execArgv: ['--expose-gc'] })`; sends `{ url }` once
 * it listens, then answers each `'stats'` message with `{ rss, heapUsed, heapTotal, external, connections }` measured
 * after a full garbage collection, and stops on `'stop'`.
 */
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer, type HttpServerOptions } from '../../electron/service/http-server.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';

/** What the child reports on `'stats'`. */
export interface ServerStats {
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  readonly connections: number;
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

const [snapshot, optionsJson] = process.argv.slice(2);
if (!snapshot || !process.send) throw new Error('usage: fork(http-server-child.ts, [snapshot, optionsJson])');
const options = JSON.parse(optionsJson ?? '{}') as ChildOptions;
const store = SnapshotStore.open(snapshot);
const { cache, ...limits } = options;
const server = await startHttpServer({
  handler: createReadService({ store, responseCache: cache === false ? false : undefined, snapshotFile: snapshot }),
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
      const stats: ServerStats = { rss, heapUsed, heapTotal, external, connections };
      process.send?.(stats);
    });
  } else if (message === 'stop') {
    void server.close().then(() => {
      store.close();
      process.disconnect();
    });
  }
});
process.send({ url: server.url });

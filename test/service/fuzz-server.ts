/**
 * The read service over a snapshot, served on 127.0.0.1 from a worker thread, so that the fuzz's
 * client and the server each get a core. Started by fuzz.test.ts with the fixture path as
 * `workerData`; answers with its URL, and closes when sent 'close'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer } from '../../electron/service/http-server.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';

const port = parentPort;
if (port === null) throw new Error('fuzz-server.ts runs as a worker thread');
const store = SnapshotStore.open((workerData as { path: string }).path);
const unexpected: string[] = [];
const server = await startHttpServer({
  handler: createReadService({ store, onUnexpectedError: (error) => unexpected.push(String(error)) }),
  port: 0,
});
port.on('message', (message: unknown) => {
  if (message !== 'close') return;
  void server.close().then(() => {
    store.close();
    port.postMessage({ closed: true, unexpected });
  });
});
port.postMessage({ url: server.url });

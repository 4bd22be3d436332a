/**
 * The snapshot service process: plain Node code (no `electron` import) started by the main process
 * as an Electron `utilityProcess` (tests start it with `child_process.fork`). It opens the snapshot
 * read-only — generating the sample first if asked — and answers read requests, so SQLite never
 * runs on the UI's main thread. Requests and replies are plain values (see service-messages.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createReadService, type ReadServiceHandler } from '../../service/read-service.ts';
import type { ServiceRequest } from '../../service/service-reply.ts';
import { generateSnapshot } from '../../snapshot/generate.ts';
import { SnapshotStore } from '../../snapshot/snapshot-store.ts';
import type { FromServiceMessage, RequestMessage, ToServiceMessage } from './service-messages.ts';

/** The part of Electron's `process.parentPort` used here (typed locally: this file never imports electron). */
interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPortLike }).parentPort;

function send(message: FromServiceMessage): void {
  if (parentPort) parentPort.postMessage(message);
  else process.send?.(message);
}

let service: ReadServiceHandler | undefined;

function open(path: string, generateIfMissing: boolean, capturesFolder: string | null): void {
  try {
    if (generateIfMissing && !existsSync(path)) {
      mkdirSync(dirname(path), { recursive: true });
      generateSnapshot({ out: path });
    }
    const store = SnapshotStore.open(path);
    service = createReadService({
      store,
      source: { kind: 'snapshot', name: basename(path), origin: store.origin() },
      capture: capturesFolder === null ? undefined : { folder: capturesFolder, sourceUrl: pathToFileURL(path).href },
    });
    send({ type: 'opened', error: null });
  } catch (error) {
    send({ type: 'opened', error: error instanceof Error ? error.message.split('\n')[0] ?? 'cannot open' : String(error) });
  }
}

function serviceRequestOf(message: RequestMessage): ServiceRequest {
  const headers = new Map(message.headers.map(([name, value]) => [name.toLowerCase(), value]));
  return {
    method: message.method,
    url: new URL(message.url),
    header: (name) => headers.get(name.toLowerCase()) ?? null,
    body: () => Promise.resolve(message.body),
  };
}

async function answer(message: RequestMessage): Promise<void> {
  if (!service) {
    send({ type: 'reply', id: message.id, status: 503, headers: [['Content-Type', 'application/json']], body: JSON.stringify({ message: 'no snapshot is open', error_code: 'internal_error', vm_error_code: null }) });
    return;
  }
  const reply = await service.serve(serviceRequestOf(message));
  // HEAD keeps GET's body in the service (for Content-Length); the transport drops it.
  const body = message.method === 'HEAD' ? null : reply.body;
  send({ type: 'reply', id: message.id, status: reply.status, headers: reply.headers, body });
}

function onMessage(data: unknown): void {
  const message = data as ToServiceMessage;
  switch (message.type) {
    case 'open':
      open(message.path, message.generateIfMissing, message.capturesFolder);
      return;
    case 'request':
      answer(message).catch((error: unknown) => {
        console.error('snapshot service: unexpected error', error);
        send({ type: 'reply', id: message.id, status: 500, headers: [['Content-Type', 'application/json']], body: JSON.stringify({ message: 'internal error', error_code: 'internal_error', vm_error_code: null }) });
      });
      return;
  }
}

if (parentPort) parentPort.on('message', (event) => onMessage(event.data));
else process.on('message', onMessage);

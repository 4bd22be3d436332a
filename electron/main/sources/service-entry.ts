/**
 * The data service process: plain Node code (no `electron` import) started by the main process as
 * an Electron `utilityProcess` (tests start it with `child_process.fork`). It serves one source —
 * a snapshot opened read-only (the sample generated first if asked), or a remote node — opened by
 * `openDataSource` as `serve` does, so neither SQLite (reads, captures) nor the node proxy's parsing and
 * checking of large answers ever runs on the UI's main thread. Requests and replies are plain
 * values (see service-messages.ts).
 */
import { openDataSource, type DataSource } from '../../service/data-source.ts';
import { API_SECURITY_HEADERS } from '../../service/responses.ts';
import type { ServiceRequest } from '../../service/service-reply.ts';
import type { FromServiceMessage, OpenMessage, RequestMessage, ToServiceMessage } from './service-messages.ts';
import { errorRecordJson } from '../../../shared/api/error-record.ts';

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

/** Headers of this process's own error replies: JSON, with the API's security headers like every API reply. */
const ERROR_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Type', 'application/json'],
  ...API_SECURITY_HEADERS,
];

function errorBody(message: string): string {
  return errorRecordJson(message, 'internal_error');
}

/** The open source: its handler and how to release it. */
let active: DataSource | undefined;

function open(message: OpenMessage): void {
  try {
    const { source, capturesFolder } = message;
    active = openDataSource(source, { capturesFolder: capturesFolder ?? undefined });
    send({ type: 'opened', error: null });
  } catch (error) {
    send({
      type: 'opened',
      error: error instanceof Error ? (error.message.split('\n')[0] ?? 'cannot open') : String(error),
    });
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
  if (!active) {
    send({
      type: 'reply',
      id: message.id,
      status: 503,
      headers: ERROR_HEADERS,
      body: errorBody('no data source is open'),
    });
    return;
  }
  const reply = await active.handler.serve(serviceRequestOf(message));
  // HEAD keeps GET's body in the service (for Content-Length); the transport drops it.
  const body = message.method === 'HEAD' ? null : reply.body;
  send({ type: 'reply', id: message.id, status: reply.status, headers: reply.headers, body });
}

function close(): void {
  try {
    active?.close();
  } finally {
    active = undefined;
    process.exit(0);
  }
}

function onMessage(data: unknown): void {
  const message = data as ToServiceMessage;
  switch (message.type) {
    case 'open':
      open(message);
      return;
    case 'request':
      answer(message).catch((error: unknown) => {
        console.error('data service: unexpected error', error);
        send({
          type: 'reply',
          id: message.id,
          status: 500,
          headers: ERROR_HEADERS,
          body: errorBody('internal error'),
        });
      });
      return;
    case 'close':
      close();
      return;
  }
}

if (parentPort) parentPort.on('message', (event) => onMessage(event.data));
else process.on('message', onMessage);

/**
 * Messages between the main process and the data service process (which serves a snapshot or a
 * remote node). Plain structured-clone values only (they cross a process boundary): requests and
 * replies mirror `ServiceRequest` and `ServiceReply` of the read service. This file imports only a
 * type (erased when bundled), so the main process bundle gains nothing from the service.
 */
import type { DataSourceSpec } from '../../service/data-source.ts';

/** One header as `[name, value]`. */
export type HeaderPair = readonly [string, string];

/**
 * The source a service process serves: a snapshot file or a remote node — the one spec `serve` and
 * `snapshot capture` open too (electron/service/data-source.ts).
 */
export type SourceSpec = DataSourceSpec;

/** Main → service: open a source (generating the sample first when asked and missing). */
export interface OpenMessage {
  readonly type: 'open';
  readonly source: SourceSpec;
  /** Where `POST /explorer/v1/capture` ("Save to snapshot") writes; `null`: captures are off. */
  readonly capturesFolder: string | null;
}

/** Main → service: the source is being closed: cancel the node requests in flight and exit. */
export interface CloseMessage {
  readonly type: 'close';
}

/** Main → service: one read request. */
export interface RequestMessage {
  readonly type: 'request';
  readonly id: number;
  readonly method: string;
  readonly url: string;
  readonly headers: readonly HeaderPair[];
  readonly body: Uint8Array;
}

/** Everything the main process sends to the service. */
export type ToServiceMessage = OpenMessage | RequestMessage | CloseMessage;

/** Service → main: the source is open (or could not be opened: `error` is one line). */
export interface OpenedMessage {
  readonly type: 'opened';
  readonly error: string | null;
}

/** Service → main: the reply to request `id`. */
export interface ReplyMessage {
  readonly type: 'reply';
  readonly id: number;
  readonly status: number;
  readonly headers: readonly HeaderPair[];
  readonly body: string | Uint8Array | null;
}

/** Everything the service sends to the main process. */
export type FromServiceMessage = OpenedMessage | ReplyMessage;

/** True when `value` looks like a message from the service (the channel is ours, but stay defensive). */
export function isFromServiceMessage(value: unknown): value is FromServiceMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'opened' || type === 'reply';
}

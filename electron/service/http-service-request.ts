/**
 * The {@link ServiceRequest} the node:http adapter (http-server.ts) makes of an IncomingMessage: one class, so every
 * request has the same shape. An object literal with a getter per request (the abort signal) gave each request a
 * hidden class of its own: V8 allocates those in the old generation, so every scavenge had to trace them and the old
 * generation filled with them between full collections (measured with `--trace-gc` under the service benchmark's
 * load: scavenges of tens of ms promoting ≈ 10 MB each, against sub-millisecond ones without; docs/benchmarks.md,
 * issue 24). The client and the signal objects are made only when a source asks for them (the remote one does).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestClient, ServiceRequest } from './service-reply.ts';

/**
 * A signal that aborts when the connection closes before `res` is finished: the client went away, and
 * the remote source takes its request out of the queue.
 */
function goneSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  if (res.destroyed && !res.writableFinished) controller.abort();
  else res.once('close', () => res.writableFinished || controller.abort());
  return controller.signal;
}

/** A request read by node:http, its body already read (`bytes`). */
export class HttpServiceRequest implements ServiceRequest {
  readonly method: string;
  readonly url: URL;
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  readonly #bytes: Uint8Array;
  // Read now: a socket that closes before the service asks would no longer know its peer.
  readonly #address: string;
  readonly #port: number | undefined;
  #gone: AbortSignal | undefined;

  /** The request `req` (answered on `res`) with its parsed `url` and its whole body `bytes`. */
  constructor(req: IncomingMessage, res: ServerResponse, method: string, url: URL, bytes: Uint8Array) {
    this.method = method;
    this.url = url;
    this.#req = req;
    this.#res = res;
    this.#bytes = bytes;
    this.#address = req.socket.remoteAddress ?? '';
    this.#port = req.socket.remotePort;
    this.#gone = undefined;
  }

  /** The header lookup of a node:http request, as `Headers.get` answers it. */
  header(name: string): string | null {
    const value = this.#req.headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** The body, read before the request was made. */
  body(): Promise<Uint8Array> {
    return Promise.resolve(this.#bytes);
  }

  /** The sender: the socket's remote address and port. */
  get client(): RequestClient {
    return { address: this.#address, connection: String(this.#port ?? '') };
  }

  /** Aborts when the client goes away before its reply; made on first use (the snapshot service never asks). */
  get signal(): AbortSignal {
    return (this.#gone ??= goneSignal(this.#res));
  }
}

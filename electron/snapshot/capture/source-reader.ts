/**
 * Reads through a capture source: JSON or BCS answers of `/v1` (and `/explorer/v1` where the source
 * serves it). A read the source refuses becomes a {@link CaptureError} carrying its status, error
 * code and message, so a capture fails with the node's own reason.
 */
import { CaptureError, type CaptureSource } from './capture-types.ts';
import { yieldToEventLoop } from './event-loop.ts';
import { NO_PROGRESS, type Progress } from '../progress.ts';

/** A successful answer: body bytes and headers. */
export interface SourceAnswer {
  readonly body: Uint8Array;
  readonly headers: Headers;
}

const BCS = 'application/x-bcs';
const JSON_TYPE = 'application/json';

/** Reads a source's answers, stopping when `signal` aborts or the request budget is spent. */
export class SourceReader {
  readonly #source: CaptureSource;
  readonly #signal: AbortSignal | undefined;
  readonly #maxRequests: number;
  readonly #meter: Progress;
  #requests = 0;

  /** A reader over `source` that refuses to make more than `maxRequests` requests, telling `meter` each one. */
  constructor(
    source: CaptureSource,
    signal: AbortSignal | undefined,
    maxRequests = Number.POSITIVE_INFINITY,
    meter: Progress = NO_PROGRESS,
  ) {
    this.#source = source;
    this.#signal = signal;
    this.#maxRequests = maxRequests;
    this.#meter = meter;
  }

  /** Requests made so far. */
  get requests(): number {
    return this.#requests;
  }

  /** The URL of a path under `/v1` (`path` starts with `/`), or under the origin for `/explorer/v1`. */
  #url(path: string): string {
    if (path.startsWith('/explorer/')) return `${this.#source.baseUrl.replace(/\/v1$/, '')}${path}`;
    return `${this.#source.baseUrl}${path}`;
  }

  /**
   * One request; `undefined` for a 404 whose `error_code` is in `missing` (`'any'`: every 404),
   * else a CaptureError for any non-200.
   */
  async #send(path: string, init: RequestInit, missing: readonly string[] | 'any'): Promise<SourceAnswer | undefined> {
    // An in-process source answers without I/O: pause, so the serving process answers others meanwhile.
    await yieldToEventLoop();
    this.#signal?.throwIfAborted();
    if (this.#requests >= this.#maxRequests) {
      throw new CaptureError(
        `capture too large: it needs more than ${this.#maxRequests} ` +
          'reads of the source; capture fewer accounts at a time',
        400,
        'invalid_input',
      );
    }
    this.#requests += 1;
    this.#meter.update(this.#requests);
    const response = await this.#source.fetch(new Request(this.#url(path), init));
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.status === 200) return { body, headers: response.headers };
    let record: { message?: unknown; error_code?: unknown } = {};
    try {
      record = JSON.parse(new TextDecoder().decode(body)) as typeof record;
    } catch {
      // Not an error record: the status alone says what happened.
    }
    const message = typeof record.message === 'string' ? record.message : `status ${response.status}`;
    const code = typeof record.error_code === 'string' ? record.error_code : 'internal_error';
    if (response.status === 404 && (missing === 'any' || missing.includes(code))) return undefined;
    throw new CaptureError(`reading ${path.split('?')[0]} failed: ${message}`, response.status, code);
  }

  /** GET as JSON. */
  async json<T>(path: string): Promise<T> {
    const answer = await this.#send(path, { headers: { accept: JSON_TYPE } }, []);
    return JSON.parse(new TextDecoder().decode(answer?.body)) as T;
  }

  /** GET as JSON, with the paging cursor header when the source sent one. */
  async jsonPage<T>(path: string): Promise<{ readonly body: T; readonly cursor: string | null }> {
    const answer = await this.#send(path, { headers: { accept: JSON_TYPE } }, []);
    const cursor = answer?.headers.get('x-aptos-cursor') ?? answer?.headers.get('x-node-cursor') ?? null;
    return { body: JSON.parse(new TextDecoder().decode(answer?.body)) as T, cursor };
  }

  /** GET as JSON; undefined for a 404 with one of the `missing` codes (`'any'`: every 404). */
  async jsonIfFound<T>(path: string, missing: readonly string[] | 'any'): Promise<T | undefined> {
    const answer = await this.#send(path, { headers: { accept: JSON_TYPE } }, missing);
    return answer === undefined ? undefined : (JSON.parse(new TextDecoder().decode(answer.body)) as T);
  }

  /** GET as BCS (body and headers). */
  async bcs(path: string): Promise<SourceAnswer> {
    const answer = await this.#send(path, { headers: { accept: BCS } }, []);
    if (answer === undefined) throw new CaptureError(`reading ${path} failed: no answer`);
    return answer;
  }

  /** GET as BCS; undefined for a 404 with one of the `missing` codes. */
  async bcsIfFound(path: string, missing: readonly string[]): Promise<Uint8Array | undefined> {
    return (await this.#send(path, { headers: { accept: BCS } }, missing))?.body;
  }

  /** POST a JSON body, answer as BCS; undefined for a 404 with one of the `missing` codes. */
  async postBcs(path: string, body: unknown, missing: readonly string[]): Promise<Uint8Array | undefined> {
    const init: RequestInit = {
      method: 'POST',
      headers: { accept: BCS, 'content-type': JSON_TYPE },
      body: JSON.stringify(body),
    };
    return (await this.#send(path, init, missing))?.body;
  }
}

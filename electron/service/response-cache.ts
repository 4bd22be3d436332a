/**
 * A bounded LRU cache of complete replies. A {@link LedgerStore} never changes while it is open
 * (a snapshot is immutable; "latest" is fixed), so the reply to the same request — method, path
 * and query, negotiated format, and for the table endpoints the JSON body — is always the same.
 * Explorers re-ask the same pages constantly (paging back, refetching on focus), and a hit costs
 * a map lookup instead of store reads, decoding and JSON rendering.
 */
import type { ServiceReply, ServiceRequest } from './service-reply.ts';
import type { OutputFormat } from './content-negotiation.ts';
import type { Endpoint } from '../../shared/api/endpoint.ts';
import { declaredQueryKey } from './declared-parameters.ts';
import { LEDGER_VERSION_HEADER } from '../../shared/api/endpoints/indexer.ts';

/** Limits of the cache. */
export interface ResponseCacheOptions {
  readonly maxEntries: number;
  readonly maxBytes: number;
}

/** Default limits: enough for every page a person browses in a session. */
export const DEFAULT_RESPONSE_CACHE: ResponseCacheOptions = { maxEntries: 4096, maxBytes: 64 * 1024 * 1024 };

/** Bodies larger than this are not used as part of a key (such requests are not cached). */
const MAX_KEYED_BODY = 16 * 1024;

/**
 * Bookkeeping of one entry besides its strings and bytes: the Map slot, the entry, reply and
 * wire-form objects, the Buffer view and the headers arrays' own headers (measured with V8: see
 * test/service/response-cache-memory.test.ts).
 */
const ENTRY_OVERHEAD = 512;
/** Per header: its `[name, value]` array (32) and its two slots in the wire form's flat list (16). */
const HEADER_OVERHEAD = 48;

/**
 * The memory an entry holds: bookkeeping, its key (UTF-16; POST keys carry the body), the body,
 * for a text body also the UTF-8 copy the HTTP adapter encodes once per reply and keeps while the
 * reply lives (a byte body is sent as a view, without a copy), and every header (its strings
 * counted even when shared with other replies: an upper bound). The test holds this to what V8
 * really retains.
 */
function entrySize(key: string, reply: ServiceReply): number {
  const body = reply.body;
  const bodySize =
    body === null ? 0 : typeof body === 'string' ? body.length * 2 + Buffer.byteLength(body, 'utf8') : body.byteLength;
  let headers = 0;
  for (const [name, value] of reply.headers) headers += HEADER_OVERHEAD + name.length + value.length;
  return ENTRY_OVERHEAD + key.length * 2 + bodySize + headers;
}

/** Replies a cache stores: they are sent again and again, so the HTTP adapter encodes each once (http-server.ts). */
const heldReplies = new WeakSet<ServiceReply>();

/**
 * Whether `reply` was stored by a reply cache (and may be answered again). Other replies are sent once, and the HTTP
 * adapter writes them without keeping an encoded copy.
 */
export function isHeldReply(reply: ServiceReply): boolean {
  return heldReplies.has(reply);
}

/** The LRU of replies (a Map keeps insertion order; a hit is moved to the end). */
export class ResponseCache {
  readonly #entries = new Map<string, { reply: ServiceReply; size: number }>();
  readonly #options: ResponseCacheOptions;
  #bytes = 0;

  /** An empty cache with the given limits. */
  constructor(options: ResponseCacheOptions = DEFAULT_RESPONSE_CACHE) {
    this.#options = options;
  }

  /** Number of cached replies. */
  get size(): number {
    return this.#entries.size;
  }

  /** Bytes counted for the cached replies (what the `maxBytes` budget bounds). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Drops every cached reply (the store they were read from changed). */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** The cached reply for `key`, marking it most recently used. */
  get(key: string): ServiceReply | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.reply;
  }

  /** Stores a reply; evicts the least recently used ones beyond the limits. Server errors are never stored. */
  set(key: string, reply: ServiceReply): void {
    if (reply.status >= 500) return;
    const size = entrySize(key, reply);
    if (size > this.#options.maxBytes / 4) return;
    heldReplies.add(reply);
    const previous = this.#entries.get(key);
    if (previous) {
      this.#bytes -= previous.size;
      this.#entries.delete(key);
    }
    this.#entries.set(key, { reply, size });
    this.#bytes += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#options.maxEntries && this.#bytes <= this.#options.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.size;
    }
  }
}

/** What a key covers besides method, format and path, and which POSTs are reads that may be cached. */
export interface CacheKeyScope {
  /** The part of the query (`?…` or empty) that is keyed. */
  readonly query: (search: string) => string;
  /** Whether a POST to `pathname` is a read (its reply depends only on the request). */
  readonly readPost: (pathname: string) => boolean;
}

/** The node API's POSTs are its table reads and views (a capture POST writes a file every time). */
const readPost = (pathname: string): boolean => pathname.startsWith('/v1/');

/**
 * The snapshot service's scope for a request matching `endpoint`: only the query parameters the endpoint
 * declares, the only ones its handler receives (undefined: no route, whose answer no parameter changes).
 */
export function serviceKeyScope(endpoint: Endpoint | undefined): CacheKeyScope {
  return { query: (search) => declaredQueryKey(endpoint, search), readPost };
}

/**
 * The cache key of a request, or undefined when it must not be cached (a body too large to key,
 * a POST that is not a read, or a method other than GET, HEAD and POST). HEAD shares GET's key (its
 * reply is GET's without body); a POST's key holds its content type and body.
 */
export async function cacheKeyOf(
  request: ServiceRequest,
  output: OutputFormat,
  scope: CacheKeyScope,
): Promise<string | undefined> {
  // The version header pins a GraphQL answer as `?ledger_version=` does (routes/indexer-graphql.ts).
  const pinned = request.header(LEDGER_VERSION_HEADER);
  const version = pinned === null ? '' : ` @${pinned}`;
  const target = `${output} ${request.url.pathname}${scope.query(request.url.search)}${version}`;
  if (request.method === 'GET' || request.method === 'HEAD') return `GET ${target}`;
  if (request.method !== 'POST' || !scope.readPost(request.url.pathname)) return undefined;
  // Decide from the declared length first, so an oversized body is left for the route to refuse unread.
  if (Number(request.header('content-length') ?? '0') > MAX_KEYED_BODY) return undefined;
  const body = await request.body();
  if (body.byteLength > MAX_KEYED_BODY) return undefined;
  const contentType = request.header('content-type') ?? '';
  const bodyText = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');
  return `POST ${target} ${contentType} ${bodyText}`;
}

/**
 * The real source openers: a snapshot or a remote node, each served by its own supervised data
 * service process (service-entry.ts), so the main process only forwards requests and replies —
 * no SQLite, no parsing or checking of a node's (up to 32 MiB) answers, no capture work on it.
 */
import type { HeaderPair, SourceSpec } from './service-messages.ts';
import { ServiceSupervisor, type LaunchServiceChild, type SupervisorOptions } from './service-supervisor.ts';
import type { SourceOpeners } from './source-manager.ts';

/** A fetch-style handler. */
type Handler = (request: Request) => Promise<Response>;

/** A fetch-style handler that forwards to the supervised service process. */
export function supervisedHandler(supervisor: ServiceSupervisor): Handler {
  return async (request) => {
    const headers: HeaderPair[] = [];
    request.headers.forEach((value, name) => headers.push([name, value]));
    const body =
      request.method === 'GET' || request.method === 'HEAD'
        ? new Uint8Array()
        : new Uint8Array(await request.arrayBuffer());
    const reply = await supervisor.request(request.method, request.url, headers, body);
    const responseHeaders = new Headers();
    for (const [name, value] of reply.headers) responseHeaders.append(name, value);
    const payload = reply.body instanceof Uint8Array ? new Uint8Array(reply.body) : reply.body;
    return new Response(request.method === 'HEAD' ? null : payload, { status: reply.status, headers: responseHeaders });
  };
}

/** The openers of the desktop app. */
export function sourceOpeners(options: {
  readonly launch: LaunchServiceChild;
  readonly onRestarted: (restarts: number, reason: string) => void;
  /**
   * Where "Save to snapshot" (`POST /explorer/v1/capture`) writes. The app:// origin is reachable only
   * by the app's own window, as a loopback-bound `serve` is by its machine, so captures are on.
   */
  readonly capturesFolder?: string | undefined;
  /** Per-request time limit of the supervisor (tests shorten it); default `requestTimeoutMs`. */
  readonly timeoutMs?: SupervisorOptions['timeoutMs'];
}): SourceOpeners {
  const open = async (source: SourceSpec): Promise<Handler & { close(): void }> => {
    const supervisor = await ServiceSupervisor.start({
      launch: options.launch,
      source,
      capturesFolder: options.capturesFolder,
      onRestarted: options.onRestarted,
      timeoutMs: options.timeoutMs,
    });
    // Closing stops the child: a remote source's requests in flight are cancelled with it.
    return Object.assign(supervisedHandler(supervisor), { close: () => supervisor.stop() });
  };
  return {
    snapshot: (path, sample) => open({ kind: 'snapshot', path, generateIfMissing: sample }),
    remote: (remote) =>
      open({ kind: 'remote', baseUrl: remote.baseUrl, apiKey: remote.apiKey ?? null, profileName: remote.profileName }),
  };
}

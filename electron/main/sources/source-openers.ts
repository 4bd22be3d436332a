/**
 * The real source openers: snapshots through a supervised service process, remote nodes through
 * the remote service (loaded on first use: most sessions never connect to a node).
 */
import type { HeaderPair } from './service-messages.ts';
import type { LaunchServiceChild } from './service-supervisor.ts';
import { ServiceSupervisor } from './service-supervisor.ts';
import type { RemoteOptions, SourceOpeners } from './source-manager.ts';

/** A fetch-style handler. */
type Handler = (request: Request) => Promise<Response>;

/** Creates a remote handler (`createRemoteService` of electron/service/remote/remote-service.ts). */
export type RemoteServiceFactory = (options: RemoteOptions & { readonly capture?: { readonly folder: string } | undefined }) => Handler | Promise<Handler>;

/** A fetch-style handler that forwards to the supervised service process. */
export function supervisedHandler(supervisor: ServiceSupervisor): Handler {
  return async (request) => {
    const headers: HeaderPair[] = [];
    request.headers.forEach((value, name) => headers.push([name, value]));
    const body = request.method === 'GET' || request.method === 'HEAD' ? new Uint8Array() : new Uint8Array(await request.arrayBuffer());
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
  readonly loadRemote: () => Promise<RemoteServiceFactory>;
  readonly onRestarted: (restarts: number, reason: string) => void;
  /**
   * Where "Save to snapshot" (`POST /explorer/v1/capture`) writes. The app:// origin is reachable only
   * by the app's own window, as a loopback-bound `serve` is by its machine, so captures are on.
   */
  readonly capturesFolder?: string | undefined;
}): SourceOpeners {
  return {
    snapshot: async (path, sample) => {
      const supervisor = await ServiceSupervisor.start({
        launch: options.launch,
        path,
        generateIfMissing: sample,
        capturesFolder: options.capturesFolder,
        onRestarted: options.onRestarted,
      });
      return Object.assign(supervisedHandler(supervisor), { close: () => supervisor.stop() });
    },
    remote: async (remoteOptions) => {
      const create = await options.loadRemote();
      const handler = await create({ ...remoteOptions, capture: options.capturesFolder === undefined ? undefined : { folder: options.capturesFolder } });
      return Object.assign((request: Request) => handler(request), {});
    },
  };
}

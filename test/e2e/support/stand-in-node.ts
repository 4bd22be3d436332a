/**
 * A stand-in node for the remote journeys: a server in front of a `ledger-explorer serve` (`backend`) that lets
 * `answer` reply to a request itself (returning true) and passes every other request through unchanged.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running stand-in: its `/v1` base URL and how to stop it. */
export interface StandInNode {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts a stand-in in front of `backend` on 127.0.0.1; `answer` replies to the requests it takes. */
export function startStandInNode(
  backend: string,
  answer: (req: IncomingMessage, res: ServerResponse) => boolean,
): Promise<StandInNode> {
  const target = new URL(backend);
  const server = createServer((req, res) => {
    if (answer(req, res)) return;
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/v1`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

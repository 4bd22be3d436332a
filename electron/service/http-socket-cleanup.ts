/**
 * Ending the connections the headless HTTP adapter is done with: a refused connection is destroyed once
 * its refusal is flushed (or after a short grace), and any connection idle for too long is destroyed.
 * Ending a socket alone would leave it half-open, outside every Node timeout, for as long as the client
 * keeps its side: a few such clients would hold every connection slot for ever.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * How long a refusal may take to reach a client before its connection is destroyed anyway: a client
 * that does not read keeps the reply from ever being flushed.
 */
export const REFUSAL_GRACE_MS = 2000;

/**
 * Destroys `socket` once `flushed` has fired (the refusal is out) or after {@link REFUSAL_GRACE_MS},
 * whichever comes first. Ending alone is not enough: the socket would wait for the client's FIN.
 */
export function destroySoon(socket: Duplex, flushed: (done: () => void) => void): void {
  const destroy = (): void => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(destroy, REFUSAL_GRACE_MS);
  timer.unref();
  flushed(destroy);
  socket.once('close', () => clearTimeout(timer));
}

/**
 * Closes the connection once a refusal (408, 413) is out. The reply's 'finish' is not enough: a client
 * that half-closed or stopped reading mid-upload may keep it from ever finishing (seen under load), and
 * the socket with its partial body would then stay; 'close' and a bounded grace cover those.
 */
export function destroyAfterReply(res: ServerResponse, socket: Duplex): void {
  destroySoon(socket, (done) => {
    res.once('finish', done);
    res.once('close', done);
  });
}

/**
 * Destroys connections with no bytes either way for `idleMs`: one unref'd sweep a few times per limit
 * compares each socket's byte counts with the last sweep's, independent of the socket timers node:http
 * manages itself (head, request and keep-alive timeouts). Costs nothing per request.
 */
export function sweepIdleSockets(server: Server, idleMs: number): () => void {
  const sockets = new Map<Socket, { bytes: number; since: number }>();
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { bytes: 0, since: Date.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  const timer = setInterval(
    () => {
      const now = Date.now();
      for (const [socket, seen] of sockets) {
        const bytes = socket.bytesRead + socket.bytesWritten;
        if (bytes !== seen.bytes) {
          seen.bytes = bytes;
          seen.since = now;
        } else if (now - seen.since >= idleMs) {
          socket.destroy();
        }
      }
    },
    Math.max(50, Math.floor(idleMs / 4)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

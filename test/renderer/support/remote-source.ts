/**
 * Pieces of the tests that fake a remote node at the fetch boundary: a JSON response, and the
 * `/explorer/v1/source` answer the remote proxy gives for a localnet node with a given health.
 */

/** A JSON `Response` with the given status. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The proxy's description of a localnet node: healthy without a message, else unhealthy with it. */
export function localnetSource(unhealthy?: string) {
  return {
    kind: 'remote',
    name: 'localnet',
    url: 'http://127.0.0.1:8080/v1',
    health: { ok: unhealthy === undefined, checked_at: '2026-01-01T00:00:00Z', message: unhealthy ?? null },
    indexer: false,
  } as const;
}

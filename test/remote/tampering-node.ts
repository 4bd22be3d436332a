/**
 * A node that lies about transactions: the fake node (fake-node.ts) answering every request from a real read
 * service over the small fixture, but passing each `/v1/transactions/by_version/{v}` answer — JSON or BCS — through
 * a tamper function first. Captures read from it through the remote source, as from any node.
 */
import type { ServerResponse } from 'node:http';
import type { Behaviour } from './fake-node.ts';

/** What one transaction answer is, for a tamper function. */
export interface TransactionAnswer {
  readonly version: bigint;
  readonly bcs: boolean;
  readonly body: Buffer;
}

/** Changes (or returns unchanged) one transaction answer's body. */
export type Tamper = (answer: TransactionAnswer) => Buffer;

const BY_VERSION = /^\/v1\/transactions\/by_version\/(\d+)$/;

/** A behaviour forwarding to `service`, with transaction answers passed through `tamper`. */
export function tamperingNode(service: (request: Request) => Promise<Response>, tamper: Tamper): Behaviour {
  return (req, res: ServerResponse, _index, body) => {
    const url = req.url ?? '/';
    const headers = new Headers();
    for (const name of ['accept', 'content-type'])
      if (typeof req.headers[name] === 'string') headers.set(name, req.headers[name]);
    const request = new Request(`http://127.0.0.1${url}`, {
      method: req.method ?? 'GET',
      headers,
      ...(req.method === 'POST' ? { body } : {}),
    });
    void (async () => {
      const response = await service(request);
      let bytes: Buffer = Buffer.from(await response.arrayBuffer());
      const match = BY_VERSION.exec(url.split('?')[0] ?? '');
      if (match && response.status === 200)
        bytes = tamper({
          version: BigInt(match[1] ?? '0'),
          bcs: (response.headers.get('content-type') ?? '').startsWith('application/x-bcs'),
          body: bytes,
        });
      const out: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (name !== 'content-length') out[name] = value;
      });
      res.writeHead(response.status, out);
      res.end(bytes);
    })();
  };
}

/**
 * A JSON answer changed by `edit` (which may mutate the parsed value); each `"@raw:<name>"` string it puts in is then
 * replaced by `raw[name]`, JSON text too deep to build as a value and stringify.
 */
export function editJson(
  body: Buffer,
  edit: (json: Record<string, unknown>) => void,
  raw: Readonly<Record<string, string>> = {},
): Buffer {
  const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  edit(json);
  let text = JSON.stringify(json);
  for (const [name, value] of Object.entries(raw)) text = text.replace(`"@raw:${name}"`, value);
  return Buffer.from(text);
}

/**
 * CORS on `serve` as a node answers it (electron/service/cors.ts): any origin echoed with credentials on
 * `/v1`, preflights for GET and POST, nothing on `/explorer/v1`; with an API key, only named origins, and
 * other sites' browser requests refused. Real `serve` processes over the main fixture, real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { startServe, type ServeProcess } from '../remote/serve-process.ts';

const ORIGIN = 'http://localhost:3000';

async function expectErrorRecord(response: Response, status: number, message: RegExp): Promise<void> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['message', 'error_code', 'vm_error_code']);
  expect(body.message).toMatch(message);
}

describe('serve over a snapshot: CORS as a node', () => {
  const ui = useTempDir('ledger-explorer-cors-');
  let serve: ServeProcess;
  beforeAll(async () => {
    serve = await startServe(['--snapshot', fixturePath('main'), '--port', '0', '--ui', ui]);
  });
  afterAll(async () => {
    await serve.stop();
  });

  it('answers a GET or POST preflight: origin and requested headers echoed, a day of max age', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${serve.url}/v1/accounts/0x1/resources`, {
        method: 'OPTIONS',
        headers: {
          Origin: ORIGIN,
          'Access-Control-Request-Method': method,
          'Access-Control-Request-Headers': 'content-type,x-aptos-client',
        },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST');
      expect(response.headers.get('access-control-allow-headers')).toBe('content-type,x-aptos-client');
      expect(response.headers.get('access-control-max-age')).toBe('86400');
      expect(response.headers.get('vary')).toBe('Origin');
    }
  });

  it('echoes any origin on answers and errors, exposes the ledger headers, adds nothing without Origin', async () => {
    const other = 'https://explorer.example';
    const ok = await fetch(`${serve.url}/v1`, { headers: { Origin: other } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(other);
    expect(ok.headers.get('access-control-expose-headers')).toContain('X-Aptos-Ledger-Version');
    const missing = await fetch(`${serve.url}/v1/accounts/0x1/resource/0x1::nope::Nope`, {
      headers: { Origin: other },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe(other);
    const plain = await fetch(`${serve.url}/v1`);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a preflight for another method with the error record', async () => {
    const response = await fetch(`${serve.url}/v1/accounts/0x1`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'DELETE' },
    });
    await expectErrorRecord(response, 403, /method DELETE is not allowed/);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('gives the explorer extras and the capture route no CORS at all', async () => {
    const preflight = await fetch(`${serve.url}/explorer/v1/capture`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const extras = await fetch(`${serve.url}/explorer/v1/source`, { headers: { Origin: ORIGIN } });
    expect(extras.status).toBe(200);
    expect(extras.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('serve --remote with an API key: other sites cannot spend the key', () => {
  const ui = useTempDir('ledger-explorer-cors-key-');
  let backend: ServeProcess;
  let closed: ServeProcess;
  let named: ServeProcess;
  beforeAll(async () => {
    backend = await startServe(['--snapshot', fixturePath('main'), '--port', '0', '--ui', ui]);
    const remote = ['--remote', `${backend.url}/v1`, '--api-key', 'secret-key', '--port', '0', '--ui', ui];
    closed = await startServe(remote);
    named = await startServe([...remote, '--cors-origin', `${ORIGIN}/`]);
  });
  afterAll(async () => {
    await Promise.all([closed.stop(), named.stop(), backend.stop()]);
  });

  it('refuses cross-site and same-site browser requests (<img> GET, no-cors POST), serves others', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const image = await fetch(`${closed.url}/v1/accounts/0x1`, { headers: { 'Sec-Fetch-Site': site } });
      await expectErrorRecord(image, 403, /requests from other sites are refused: this server sends an API key/);
      const post = await fetch(`${closed.url}/v1/tables/0x1/item`, {
        method: 'POST',
        headers: { 'Sec-Fetch-Site': site, Origin: 'https://evil.example', 'Content-Type': 'text/plain' },
        body: '{}',
      });
      await expectErrorRecord(post, 403, /origin https:\/\/evil\.example/);
    }
    expect((await fetch(`${closed.url}/v1/accounts/0x1`)).status).toBe(200);
    const own = await fetch(`${closed.url}/v1/accounts/0x1`, { headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(own.status).toBe(200);
  });

  it('allows no origin by default and only the named ones with --cors-origin', async () => {
    const preflight = (url: string, origin: string): Promise<Response> =>
      fetch(`${url}/v1/accounts/0x1`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Sec-Fetch-Site': 'cross-site' },
      });
    await expectErrorRecord(await preflight(closed.url, ORIGIN), 403, /requests from other sites are refused/);
    const allowed = await preflight(named.url, ORIGIN);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    await expectErrorRecord(await preflight(named.url, 'https://evil.example'), 403, /other sites are refused/);
    const read = await fetch(`${named.url}/v1/accounts/0x1`, {
      headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });
});

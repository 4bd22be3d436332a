/**
 * The endpoint registry (shared/api/registry.ts) and what is derived from it agree with the service
 * and the docs: every declared endpoint has a handler and is answered by its route, every exported
 * route handler is bound to a declaration, the not-served routes are answered as such and never
 * shadow a served one, each reply schema accepts the service's real replies, and the endpoint
 * tables of docs/api.md list exactly the declared endpoints with their query parameters.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shownPath, type Endpoint } from '../../shared/api/endpoint.ts';
import { ENDPOINT_NAMES, endpointNamed, NOT_SERVED } from '../../shared/api/registry.ts';
import { shapeProblem } from '../../shared/api/reply-check.ts';
import { ROUTE_HANDLERS } from '../../electron/service/route-handlers.ts';
import { matchRoute, ROUTES } from '../../electron/service/router.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { formatCursor } from '../../electron/service/cursor.ts';
import { parseAddress } from '../../shared/address.ts';
import { recordedRequests } from '../support/recorded-requests.ts';
import { useContractServer } from './contract-support.ts';
import { hasIndexerTables } from '../../electron/indexer/graphql/open-indexer.ts';

const env = useContractServer('main');
const root = join(import.meta.dirname, '..', '..');

/** `METHOD /path/{param}` of an endpoint, as docs/api.md writes it. */
const shown = (endpoint: Endpoint): string => `${endpoint.method} ${shownPath(endpoint.path)}`;

describe('endpoint registry', () => {
  it('binds one handler to each declared endpoint, and every exported route handler to a declaration', async () => {
    expect(Object.keys(ROUTE_HANDLERS).sort()).toEqual([...ENDPOINT_NAMES].sort());
    expect(ROUTES.map((route) => route.name)).toEqual(ENDPOINT_NAMES);
    const bound = new Set<unknown>(Object.values(ROUTE_HANDLERS));
    const folder = join(root, 'electron', 'service', 'routes');
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
      const exports = (await import(join(folder, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        // Route handlers are the exported get*/list*/search functions of one context argument.
        if (typeof value !== 'function' || value.length !== 1 || !/^(get|list|search)/.test(name)) continue;
        expect(bound.has(value), `${file}: ${name} is not bound to a declared endpoint`).toBe(true);
      }
    }
  });

  it('answers every declared endpoint on its route, and every not-served one with the not-served 404', async () => {
    const service = createReadService({ store: env.store });
    for (const name of ENDPOINT_NAMES) {
      const endpoint = endpointNamed(name);
      const path = endpoint.path.replace(/:[a-z_]+/g, '0x1');
      expect(matchRoute(ROUTES, endpoint.method, path)).toMatchObject({ kind: 'found', route: { name } });
      const init: RequestInit = endpoint.method === 'POST' ? { method: 'POST', body: '{}' } : {};
      const response = await service(new Request(`http://127.0.0.1${path}`, init));
      const text = await response.text();
      expect(text, `${shown(endpoint)} is not routed`).not.toContain('"message":"not found"');
      expect(response.status, shown(endpoint)).not.toBe(405);
    }
    for (const { methods, path } of NOT_SERVED) {
      for (const method of methods) {
        const concrete = path.replace(/:[a-z_]+/g, '1');
        expect(matchRoute(ROUTES, method, concrete).kind, `${method} ${path} is also served`).not.toBe('found');
        const response = await service(new Request(`http://127.0.0.1${concrete}`, { method }));
        expect(response.status).toBe(404);
        expect(((await response.json()) as { message: string }).message).toContain('not served by a snapshot');
      }
    }
  });

  it("accepts the service's replies with each endpoint's reply schema", async () => {
    const service = createReadService({ store: env.store });
    const page = env.store.accountResources(parseAddress('0x1'), BigInt(env.info.latestVersion), undefined, 2);
    const checked = new Set<string>();
    for (const spec of recordedRequests(env.info, formatCursor(page.nextCursor!))) {
      if (spec.method !== 'GET' && spec.method !== 'POST') continue;
      const url = new URL(`http://127.0.0.1${spec.path}`);
      const match = matchRoute(ROUTES, spec.method, url.pathname);
      if (match.kind !== 'found' || match.route.name === 'not_served') continue;
      const init: RequestInit = {
        method: spec.method,
        headers: { 'content-type': 'application/json', ...spec.headers },
      };
      if (spec.body !== undefined) init.body = spec.body;
      const response = await service(new Request(url, init));
      if (response.status !== 200 || !response.headers.get('content-type')!.startsWith('application/json')) continue;
      const problem = shapeProblem(endpointNamed(match.route.name).reply, await response.json());
      expect(problem, spec.path).toBeUndefined();
      checked.add(match.route.name);
    }
    // Every endpoint with a JSON 200 in the fixed requests (capture needs a captures folder; raw_item is BCS only;
    // GraphQL needs a fixture with the indexer tables).
    const indexed = hasIndexerTables(env.store.database);
    const expected = ENDPOINT_NAMES.filter(
      (name) => name !== 'explorerCapture' && name !== 'rawTableItem' && (name !== 'graphql' || indexed),
    );
    expect([...checked].sort()).toEqual([...expected].sort());
  });

  it('lists exactly the declared endpoints, with their query parameters, in the tables of docs/api.md', () => {
    const text = readFileSync(join(root, 'docs', 'api.md'), 'utf8');
    const documented = new Map<string, string[]>();
    for (const line of text.split('\n')) {
      const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
      const route = /^`((?:GET|POST) \/\S+)`$/.exec(cells[1] ?? '');
      if (!route) continue;
      const names = [...(cells[2] ?? '').matchAll(/`([a-z_]+)`/g)].map((found) => found[1]!);
      documented.set(route[1]!, names.sort());
    }
    const declared = new Map(
      ENDPOINT_NAMES.map((name) => {
        const endpoint = endpointNamed(name);
        return [shown(endpoint), Object.keys(endpoint.query).sort()] as const;
      }),
    );
    expect([...documented.keys()].sort()).toEqual([...declared.keys()].sort());
    for (const [route, query] of declared) expect(documented.get(route), route).toEqual(query);
  });
});

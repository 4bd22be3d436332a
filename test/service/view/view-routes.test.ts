/**
 * The two route handlers (not yet registered) over a real snapshot file, called with a real
 * RequestContext as the read service builds it: replies, headers, status codes and error records
 * (with `vm_error_code`), for JSON and BCS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAddress } from '../../../shared/address.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { parseTypeTag, writeTypeTag } from '../../../shared/type-tag.ts';
import { createCaptureRoute } from '../../../electron/service/capture/capture-route.ts';
import { negotiateOutput } from '../../../electron/service/content-negotiation.ts';
import { createGasEstimator } from '../../../electron/service/gas-estimator.ts';
import { ApiError } from '../../../electron/service/http-errors.ts';
import { createReadService } from '../../../electron/service/read-service.ts';
import type { ContextOf } from '../../../electron/service/request-context.ts';
import { parseDeclaredPath, parseDeclaredQuery } from '../../../electron/service/declared-parameters.ts';
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import type { ServiceReply } from '../../../electron/service/service-reply.ts';
import { STATUS_ABORTED } from '../../../electron/service/view/view-error.ts';
import { balanceRoute, viewRoute } from '../../../electron/service/view/view-routes.ts';
import { snapshotInfo, type SnapshotInfo } from '../../../electron/snapshot/snapshot-info.ts';
import { SnapshotStore } from '../../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../../support/fixture-path.ts';
import { storedApt } from './stored-apt.ts';

const APT = '0x1::aptos_coin::AptosCoin';
let store: SnapshotStore;
let info: SnapshotInfo;

beforeAll(() => {
  store = SnapshotStore.open(fixturePath('main'));
  info = snapshotInfo(store, 5);
});
afterAll(() => store.close());

interface Call {
  readonly path: string;
  readonly params?: Record<string, string>;
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: Uint8Array | string;
}

/** The context the read service builds for endpoint `name`: its parameters parsed by the declaration. */
function contextOf<Name extends 'accountBalance' | 'view'>(name: Name, call: Call): ContextOf<Name> {
  const url = new URL(`http://localhost${call.path}`);
  const headers = new Map(Object.entries(call.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const body = typeof call.body === 'string' ? new TextEncoder().encode(call.body) : (call.body ?? new Uint8Array());
  const request = {
    method: call.method ?? 'GET',
    url,
    header: (name: string) => headers.get(name.toLowerCase()) ?? null,
    body: () => Promise.resolve(body),
  };
  const service = createReadService({ store, responseCache: false });
  return {
    request,
    url,
    query: parseDeclaredQuery(ENDPOINTS[name], url.search),
    params: parseDeclaredPath(ENDPOINTS[name], call.params ?? {}),
    output: negotiateOutput(request.header('accept')),
    ledger: store.ledgerInfo(),
    store,
    gas: createGasEstimator(),
    options: {},
    capture: createCaptureRoute({ serve: service.serve, target: undefined }),
  };
}

const header = (reply: ServiceReply, name: string) =>
  reply.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
const text = (reply: ServiceReply) =>
  typeof reply.body === 'string' ? reply.body : new TextDecoder().decode(reply.body ?? new Uint8Array());

/** The APT balance as stored (CoinStore plus primary fungible store of 0xa; stored-apt.ts). */
function storedCoin(address: string): string {
  const { coin, fa } = storedApt(store, address, store.ledgerInfo().ledgerVersion);
  return String(coin + fa);
}

describe('balance route', () => {
  it('answers a bare JSON number with the ledger headers, and u64 LE in BCS', async () => {
    for (const { address } of info.samples.senders) {
      const params = { address, asset_type: APT };
      const json = await balanceRoute(
        contextOf('accountBalance', { path: `/v1/accounts/${address}/balance/${APT}`, params }),
      );
      expect(json.status).toBe(200);
      expect(header(json, 'content-type')).toContain('application/json');
      expect(header(json, 'x-aptos-ledger-version')).toBe(info.latestVersion);
      expect(text(json)).toBe(storedCoin(address));
      const bcs = await balanceRoute(
        contextOf('accountBalance', {
          path: `/v1/accounts/${address}/balance/${APT}`,
          params,
          headers: { accept: 'application/x-bcs' },
        }),
      );
      expect(bcs.body).toEqual(new BcsWriter().u64(BigInt(storedCoin(address))).toBytes());
    }
  });

  it('reads a metadata address as a fungible asset (none in this snapshot: 0)', async () => {
    const { address } = info.samples.senders[0]!;
    const reply = await balanceRoute(
      contextOf('accountBalance', { path: '/', params: { address, asset_type: '0xa' } }),
    );
    expect(text(reply)).toBe('0');
  });

  it('answers an unreadable asset_type with the error record, and leaves version errors to the router', async () => {
    const { address } = info.samples.senders[0]!;
    const bad = await balanceRoute(
      contextOf('accountBalance', { path: '/', params: { address, asset_type: 'not a type' } }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.parse(text(bad))).toMatchObject({ error_code: 'web_framework_error', vm_error_code: null });
    const future = BigInt(info.latestVersion) + 1n;
    await expect(
      Promise.resolve().then(() =>
        balanceRoute(
          contextOf('accountBalance', { path: `/x?ledger_version=${future}`, params: { address, asset_type: APT } }),
        ),
      ),
    ).rejects.toMatchObject({ status: 404, errorCode: 'version_not_found' });
  });
});

describe('view route', () => {
  const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    contextOf('view', {
      path: '/v1/view',
      method: 'POST',
      headers,
      body: body instanceof Uint8Array ? body : JSON.stringify(body),
    });

  it('answers JSON requests in JSON and BCS', async () => {
    const { address } = info.samples.senders[0]!;
    const request = { function: '0x1::coin::balance', type_arguments: [APT], arguments: [address] };
    const json = await viewRoute(post(request));
    expect(json.status).toBe(200);
    expect(JSON.parse(text(json))).toEqual([storedCoin(address)]);
    const bcs = await viewRoute(post(request, { 'content-type': 'application/json', accept: 'application/x-bcs' }));
    expect(bcs.body).toEqual(new Uint8Array([1, ...new BcsWriter().u64(BigInt(storedCoin(address))).toBytes()]));
  });

  it('answers BCS requests (application/x.aptos.view_function+bcs)', async () => {
    const { address } = info.samples.senders[0]!;
    const w = new BcsWriter().address(parseAddress('0x1')).string('coin').string('balance').uleb128(1);
    writeTypeTag(w, parseTypeTag(APT));
    w.vector([parseAddress(address)], (ww, a) => ww.bytes(a));
    const reply = await viewRoute(post(w.toBytes(), { 'content-type': 'application/x.aptos.view_function+bcs' }));
    expect(JSON.parse(text(reply))).toEqual([storedCoin(address)]);
  });

  it('answers an abort with vm_error_code, refuses other functions, and other content types with 415', async () => {
    const abort = await viewRoute(
      post({ function: '0x1::account::get_sequence_number', type_arguments: [], arguments: ['0xdeadbeef'] }),
    );
    expect(abort.status).toBe(400);
    expect(JSON.parse(text(abort))).toEqual({
      message: 'Move abort in 0x1::account: EACCOUNT_DOES_NOT_EXIST(0x60002): Account does not exist',
      error_code: 'invalid_input',
      vm_error_code: STATUS_ABORTED,
    });
    const other = await viewRoute(post({ function: '0xcafe::app::price', type_arguments: [], arguments: [] }));
    expect(other.status).toBe(400);
    expect(JSON.parse(text(other)).message).toContain('a snapshot runs no Move code');
    await expect(viewRoute(post({}, { 'content-type': 'text/plain' }))).rejects.toBeInstanceOf(ApiError);
    await expect(viewRoute(post({}, { 'content-type': 'text/plain' }))).rejects.toMatchObject({ status: 415 });
  });
});

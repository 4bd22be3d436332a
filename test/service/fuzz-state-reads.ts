/**
 * Fuzz shapes of the node reads computed from state: `GET /v1/accounts/{a}/balance/{asset_type}` (coin types,
 * metadata addresses, struct tags of every kind, junk) and `POST /v1/view` (the framework functions a snapshot
 * answers with good and bad arguments, functions it refuses, malformed bodies).
 */
import fc from 'fast-check';
import { addressSegment, junk, structSegment, versionValue } from './fuzz-arbitraries.ts';
import type { Facts } from './fuzz-facts.ts';
import { INVALID, seg, type Fault, type FuzzRequest, type Param, type Part } from './fuzz-model.ts';

/** The shape builder of fuzz-shapes.ts (endpoint, method and allowed answers, then parts). */
export type ShapeBuilder<S> = (
  endpoint: 'accountBalance' | 'view',
  routeMethod: 'GET' | 'POST',
  allowed: readonly string[],
) => (segments: readonly Part[], params: readonly Param[], body?: FuzzRequest['body']) => S;

const lit = (text: string): Part => ({ text });
const APT = '0x1::aptos_coin::AptosCoin';

/** A JSON view body and its verdict: calls that may answer or abort, calls refused as invalid, broken bodies. */
function viewBody(f: Facts): fc.Arbitrary<NonNullable<FuzzRequest['body']>> {
  const account = fc.constantFrom(...f.accounts, '0x1', '0xa', '0x0');
  const call = (fn: string, typeArguments: readonly string[], args: readonly unknown[], fault?: Fault) => ({
    contentType: 'application/json',
    data: JSON.stringify({ function: fn, type_arguments: typeArguments, arguments: args }),
    fault,
  });
  return fc.oneof(
    account.map((a) => call('0x1::coin::balance', [APT], [a])),
    account.map((a) => call('0x1::account::exists_at', [], [a])),
    account.map((a) =>
      call('0x1::primary_fungible_store::balance', ['0x1::object::ObjectCore'], [a, { inner: '0xa' }]),
    ),
    fc.constantFrom('name', 'symbol', 'decimals', 'supply').map((name) => call(`0x1::coin::${name}`, [APT], [])),
    // Wrong argument counts and types, unknown functions, malformed function ids: invalid input.
    account.map((a) => call('0x1::coin::balance', [], [a], INVALID)),
    fc.constantFrom(1, true, 'not-an-address').map((x) => call('0x1::account::exists_at', [], [x], INVALID)),
    fc
      .constantFrom('0x1::coin::transfer', '0xcafe::registry::nope', '0x1::aptos_account::transfer')
      .map((fn) => call(fn, [], [], INVALID)),
    junk(30).map((fn) => call(fn, [], [], 'unknown')),
    // Not a JSON object at all.
    fc.constantFrom('', '{', '[]', 'null', '{"function":').map((data) => ({
      contentType: 'application/json',
      data,
      fault: 'unknown' as Fault,
    })),
  );
}

/** The shapes of the two routes. */
export function stateReadShapes<S>(f: Facts, shape: ShapeBuilder<S>): fc.Arbitrary<S> {
  const version = [['ledger_version', versionValue(f)]] as const;
  const params = (v: Part | undefined): Param[] => (v === undefined ? [] : [{ name: version[0][0], value: v }]);
  const assetType = fc.oneof(
    fc.constantFrom(APT, '0xa', '0x1').map((t) => seg(t, undefined)),
    structSegment(f),
    junk(40).map((t) => seg(t, t === '' ? undefined : ('unknown' as Fault))),
  );
  const maybeVersion = fc.option(versionValue(f), { nil: undefined });
  return fc.oneof(
    fc
      .tuple(
        addressSegment(f),
        assetType.filter((p) => p.text !== ''),
        maybeVersion,
      )
      .map(([a, asset, v]) =>
        shape('accountBalance', 'GET', ['200'])([lit('v1'), lit('accounts'), a, lit('balance'), asset], params(v)),
      ),
    fc
      .tuple(viewBody(f), maybeVersion)
      .map(([body, v]) =>
        shape('view', 'POST', ['200', '400:invalid_input'])([lit('v1'), lit('view')], params(v), body),
      ),
  );
}

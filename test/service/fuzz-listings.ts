/**
 * Fuzz shapes of the paged listings added with resource groups and module paging: `GET /v1/accounts/{a}/modules`
 * with `start`/`limit`, and the resources of objects (whose ObjectGroup expands into members) with their single
 * members and the group tag itself (404).
 */
import fc from 'fast-check';
import { addressSegment, cursorValue, limitValue, structSegment, versionValue } from './fuzz-arbitraries.ts';
import type { Facts } from './fuzz-facts.ts';
import { INVALID, seg, type Param, type Part } from './fuzz-model.ts';

/** The shape builder of fuzz-shapes.ts (endpoint, method and allowed answers, then parts). */
export type ListingShapeBuilder<S> = (
  endpoint: 'modules' | 'resources' | 'resource',
  routeMethod: 'GET',
  allowed: readonly string[],
) => (segments: readonly Part[], params: readonly Param[]) => S;

/** fuzz-shapes.ts's builder of optional query parameters. */
export type QueryBuilder = (entries: readonly (readonly [string, fc.Arbitrary<Part>])[]) => fc.Arbitrary<Param[]>;

const lit = (text: string): Part => ({ text });

/** Objects of the fixture (0xa, the APT metadata, among them) and the framework's ObjectGroup members. */
const OBJECTS = ['0xa'];
const MEMBERS = [
  '0x1::object::ObjectCore',
  '0x1::fungible_asset::Metadata',
  '0x1::fungible_asset::ConcurrentSupply',
  '0x1::fungible_asset::FungibleStore',
  '0x1::coin::PairedCoinType',
  '0x1::object::ObjectGroup',
];

/** The shapes of the listings. */
export function listingShapes<S>(f: Facts, shape: ListingShapeBuilder<S>, query: QueryBuilder): fc.Arbitrary<S> {
  const object = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...OBJECTS).map((a) => seg(a, undefined)) },
    { weight: 1, arbitrary: addressSegment(f) },
  );
  const paged = query([
    ['ledger_version', versionValue(f)],
    ['start', cursorValue(f)],
    ['limit', limitValue(INVALID)],
  ]);
  return fc.oneof(
    fc
      .tuple(addressSegment(f), paged)
      .map(([a, params]) => shape('modules', 'GET', ['200'])([lit('v1'), lit('accounts'), a, lit('modules')], params)),
    fc
      .tuple(object, paged)
      .map(([a, params]) =>
        shape('resources', 'GET', ['200'])([lit('v1'), lit('accounts'), a, lit('resources')], params),
      ),
    fc
      .tuple(
        object,
        fc.oneof(
          fc.constantFrom(...MEMBERS).map((t) => seg(t, undefined)),
          structSegment(f),
        ),
        query([['ledger_version', versionValue(f)]]),
      )
      .map(([a, tag, params]) =>
        shape('resource', 'GET', ['200', '404:resource_not_found'])(
          [lit('v1'), lit('accounts'), a, lit('resource'), tag],
          params,
        ),
      ),
  );
}

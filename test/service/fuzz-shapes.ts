/**
 * fast-check generators of whole fuzz requests: every route of the read service with parts from
 * fuzz-arbitraries.ts and bodies from fuzz-bodies.ts, the answers its endpoint allows when every
 * part is valid, and the method and Accept header of the request.
 */
import fc from 'fast-check';
import {
  accept,
  addressSegment,
  addressValue,
  BAD_ESCAPES,
  cursorValue,
  fieldSegment,
  giantCursor,
  ident,
  junk,
  limitValue,
  structSegment,
  u64Segment,
  u64Value,
  versionValue,
} from './fuzz-arbitraries.ts';
import { itemBody, rawItemBody } from './fuzz-bodies.ts';
import type { Facts } from './fuzz-facts.ts';
import { listingShapes } from './fuzz-listings.ts';
import { stateReadShapes } from './fuzz-state-reads.ts';
import { transactionShapes } from './fuzz-transactions.ts';
import {
  INVALID,
  seg,
  UNPARSABLE_METHODS,
  WFE,
  type Fault,
  type FuzzRequest,
  type FuzzTarget,
  type Param,
  type Part,
} from './fuzz-model.ts';

/** Optional query parameters: each present or not, sometimes repeated (the first counts), plus noise. */
function query(entries: readonly (readonly [string, fc.Arbitrary<Part>])[]): fc.Arbitrary<Param[]> {
  const one = ([name, value]: readonly [string, fc.Arbitrary<Part>]): fc.Arbitrary<Param[]> =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant<Param[]>([]) },
      { weight: 4, arbitrary: value.map((v): Param[] => [{ name, value: v }]) },
      {
        weight: 1,
        arbitrary: fc.tuple(value, value).map(([a, b]) => [
          { name, value: a },
          { name, value: { text: b.text } },
        ]),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...BAD_ESCAPES)
          .map((t) => [{ name, value: { text: t, fault: 'unknown' as Fault } }]),
      },
    );
  const noise = fc.oneof(
    { weight: 5, arbitrary: fc.constant<Param[]>([]) },
    { weight: 1, arbitrary: fc.tuple(ident, junk(10)).map(([n, v]) => [{ name: `x_${n}`, value: seg(v, undefined) }]) },
  );
  return fc.tuple(...entries.map(one), noise).map((lists) => lists.flat());
}

/** A request to one route before the method and Accept header are drawn. */
interface Shape {
  readonly endpoint: FuzzTarget;
  readonly routeMethod: 'GET' | 'POST' | undefined;
  readonly segments: readonly Part[];
  readonly params: readonly Param[];
  readonly allowed: readonly string[];
  readonly body?: FuzzRequest['body'];
  readonly rawItem?: boolean;
}

/** A literal, valid path segment. */
const lit = (text: string): Part => ({ text });

/**
 * Every route (and some unknown ones) with generated segments, query and body, and the answers it allows when all parts
 * are valid.
 */
function shapes(f: Facts): fc.Arbitrary<Shape> {
  const address = addressSegment(f);
  const creationNumbers = [...new Set(f.streams.map((s) => s.creationNumber))];
  const table = fc.constantFrom(...f.tables);
  const handle = fc.oneof(
    { weight: 4, arbitrary: table.map((t) => ({ table: t, part: seg(t.handle, undefined) })) },
    { weight: 1, arbitrary: table.chain((t) => address.map((part) => ({ table: t, part }))) },
  );
  const stream = fc.constantFrom(...f.streams);
  const eventsQuery = query([
    ['start', u64Value(['0', '1', '5', '100', '5000'])],
    ['limit', limitValue(INVALID)],
  ]);
  const shape =
    (endpoint: FuzzTarget, routeMethod: 'GET' | 'POST' | undefined, allowed: readonly string[]) =>
    (segments: readonly Part[], params: readonly Param[], body?: FuzzRequest['body'], rawItem = false): Shape => ({
      endpoint,
      routeMethod,
      segments,
      params,
      allowed,
      body,
      rawItem,
    });

  return fc.oneof(
    fc.constant(shape('ledgerInfo', 'GET', ['200'])([lit('v1')], [])),
    fc.constant(shape('gasEstimate', 'GET', ['200'])([lit('v1'), lit('estimate_gas_price')], [])),
    handle.chain(({ table: t, part }) =>
      fc
        .tuple(query([['ledger_version', versionValue(f)]]), itemBody(t))
        .map(([params, body]) =>
          shape('tableItem', 'POST', ['200', '404:table_item_not_found'])(
            [lit('v1'), lit('tables'), part, lit('item')],
            params,
            body,
          ),
        ),
    ),
    handle.chain(({ table: t, part }) =>
      fc
        .tuple(query([['ledger_version', versionValue(f)]]), rawItemBody(t))
        .map(([params, body]) =>
          shape('rawTableItem', 'POST', ['200', '404:table_item_not_found'])(
            [lit('v1'), lit('tables'), part, lit('raw_item')],
            params,
            body,
            true,
          ),
        ),
    ),
    fc
      .tuple(
        fc.oneof(
          stream.map((s) => seg(s.address, undefined)),
          address,
        ),
        u64Segment(creationNumbers),
        eventsQuery,
      )
      .map(([a, cn, params]) =>
        shape('eventsByCreationNumber', 'GET', ['200'])([lit('v1'), lit('accounts'), a, lit('events'), cn], params),
      ),
    fc
      .tuple(
        fc.oneof(
          {
            weight: 3,
            arbitrary: stream.map(
              (s) => [seg(s.address, undefined), seg(s.struct, undefined), seg(s.field, undefined)] as const,
            ),
          },
          { weight: 2, arbitrary: fc.tuple(address, structSegment(f), fieldSegment(f)) },
        ),
        eventsQuery,
      )
      .map(([[a, tag, field], params]) =>
        shape('eventsByHandle', 'GET', [
          '200',
          '404:resource_not_found',
          '404:struct_field_not_found',
          '400:invalid_input',
        ])([lit('v1'), lit('accounts'), a, lit('events'), tag, field], params),
      ),
    fc
      .tuple(address, query([['ledger_version', versionValue(f)]]))
      .map(([a, params]) =>
        shape('account', 'GET', ['200', '404:account_not_found'])([lit('v1'), lit('accounts'), a], params),
      ),
    fc
      .tuple(
        address,
        query([
          ['start_version', u64Value([String(f.oldest), String(f.latest)])],
          ['end_version', u64Value([String(f.latest)])],
          ['limit', limitValue(undefined)],
        ]),
      )
      .map(([a, params]) =>
        shape('transactionSummaries', 'GET', ['200'])(
          [lit('v1'), lit('accounts'), a, lit('transaction_summaries')],
          params,
        ),
      ),
    fc
      .tuple(
        address,
        query([
          ['ledger_version', versionValue(f)],
          ['start', cursorValue(f)],
          ['limit', limitValue(INVALID)],
        ]),
      )
      .map(([a, params]) =>
        shape('resources', 'GET', ['200'])([lit('v1'), lit('accounts'), a, lit('resources')], params),
      ),
    fc
      .tuple(address, structSegment(f), query([['ledger_version', versionValue(f)]]))
      .map(([a, tag, params]) =>
        shape('resource', 'GET', ['200', '404:resource_not_found'])(
          [lit('v1'), lit('accounts'), a, lit('resource'), tag],
          params,
        ),
      ),
    listingShapes(f, shape, query),
    fc
      .tuple(
        address,
        fc.oneof(
          fc.constantFrom(...f.modules).map((m) => seg(m, undefined)),
          ident.map((m) => seg(m, undefined)),
          fc.constantFrom('1abc', 'a-b', 'a::b', 'é').map((m) => seg(m, WFE)),
        ),
        query([['ledger_version', versionValue(f)]]),
      )
      .map(([a, name, params]) =>
        shape('accountModule', 'GET', ['200', '404:module_not_found'])(
          [lit('v1'), lit('accounts'), a, lit('module'), name],
          params,
        ),
      ),
    query([
      ['limit', limitValue(INVALID)],
      ['after', addressValue(f)],
      ['ledger_version', versionValue(f)],
    ]).map((params) =>
      shape('explorerAccounts', 'GET', ['200'])([lit('explorer'), lit('v1'), lit('accounts')], params),
    ),
    query([
      ['limit', limitValue(INVALID)],
      ['after', addressValue(f)],
    ]).map((params) => shape('explorerTables', 'GET', ['200'])([lit('explorer'), lit('v1'), lit('tables')], params)),
    // (An empty handle would turn the path into the table listing.)
    fc
      .oneof(
        table.map((t) => seg(t.handle, undefined)),
        address.filter((p) => p.text !== ''),
      )
      .map((h) =>
        shape('explorerTable', 'GET', ['200', '404:state_value_not_found'])(
          [lit('explorer'), lit('v1'), lit('tables'), h],
          [],
        ),
      ),
    query([
      ['before', u64Value(['0', '1', '100'])],
      ['limit', limitValue(INVALID)],
    ]).map((params) => shape('explorerBlocks', 'GET', ['200'])([lit('explorer'), lit('v1'), lit('blocks')], params)),
    fc
      .oneof(
        junk(40).map((q) => seg(q, undefined)),
        fc
          .constantFrom(
            ...f.accounts,
            ...f.resourceTypes,
            ...f.transactionHashes,
            ...f.objects,
            '0x1::coin',
            String(f.latest),
            String(f.latestBlock),
            `block ${f.oldestBlock}`,
            `Block #${f.latestBlock + 1n}`,
            '0',
            '%zz',
          )
          .map((q) => seg(q, undefined)),
      )
      .map((q) =>
        shape('explorerSearch', 'GET', ['200'])([lit('explorer'), lit('v1'), lit('search')], [{ name: 'q', value: q }]),
      ),
    // (An empty version would turn the path into no route at all.)
    versionValue(f)
      .filter((p) => p.text !== '')
      .map((v) => shape('explorerVersion', 'GET', ['200'])([lit('explorer'), lit('v1'), lit('versions'), v], [])),
    query([['limit', limitValue(INVALID)]]).map((params) =>
      shape('explorerEventStreams', 'GET', ['200'])([lit('explorer'), lit('v1'), lit('event-streams')], params),
    ),
    fc.constant(shape('explorerSource', 'GET', ['200'])([lit('explorer'), lit('v1'), lit('source')], [])),
    fc.constant(
      shape('explorerSourceDigest', 'GET', ['200'])([lit('explorer'), lit('v1'), lit('source'), lit('digest')], []),
    ),
    fc
      .tuple(address, query([['ledger_version', versionValue(f)]]))
      .map(([a, params]) =>
        shape('explorerAccountAssets', 'GET', ['200'])(
          [lit('explorer'), lit('v1'), lit('accounts'), a, lit('assets')],
          params,
        ),
      ),
    stateReadShapes(f, shape),
    transactionShapes(f, shape),
    fc
      .constantFrom(
        ['v2'],
        ['v1', 'nope'],
        ['explorer', 'v2', 'blocks'],
        ['v1', 'accounts', '0x1', 'nope'],
        ['v1', 'accounts', '0x1', 'resources', 'x'],
        ['v1', 'tables', '0x1'],
        ['nope'],
        ['v1', 'estimate_gas_price', 'x'],
      )
      .map((parts) => shape('unknown_route', undefined, ['404:web_framework_error'])(parts.map(lit), [])),
  );
}

/** Methods: the route's own mostly; sometimes another one the parser knows, or one it does not. */
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND'];

/**
 * Whole requests: a shape with a method (mostly the route's own), an Accept header and, rarely, a head too large to
 * parse.
 */
export function requests(f: Facts): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      shapes(f),
      fc.integer({ min: 0, max: 99 }),
      fc.constantFrom(...OTHER_METHODS),
      fc.constantFrom(...UNPARSABLE_METHODS),
      accept,
      giantCursor,
    )
    .map(([s, roll, other, unparsable, [acceptHeader, format], giant]): FuzzRequest => {
      const own = s.routeMethod ?? 'GET';
      const method = roll < 88 ? own : roll < 90 && own === 'GET' ? 'HEAD' : roll < 97 ? other : unparsable;
      const params = giant === undefined ? s.params : [...s.params, { name: 'start', value: giant }];
      const extra: Fault[] = s.rawItem === true && format === 'json' ? [{ status: 403, code: 'api_disabled' }] : [];
      return {
        endpoint: s.endpoint,
        method,
        routeMethod: s.routeMethod,
        segments: s.segments,
        params,
        accept: acceptHeader,
        format,
        body: s.body,
        allowed: s.allowed,
        extra,
      };
    });
}

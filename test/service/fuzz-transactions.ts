/**
 * Fuzz shapes of the transaction and block reads: `GET /v1/transactions/by_version/{v}`, `by_hash` and
 * `wait_by_hash`, `GET /v1/transactions?start&limit` and the two block reads, with retained, future and pruned
 * numbers, known and unknown hashes, and text that does not parse. A BCS answer must decode strictly as the node's
 * type of its route (transaction-bcs-decoder.ts), which {@link transactionBcsProblem} checks for the oracle.
 */
import fc from 'fast-check';
import { addressSegment, junk, limitValue, u64Value } from './fuzz-arbitraries.ts';
import type { Facts } from './fuzz-facts.ts';
import { decodeAll, readBlock, readOnChain, readTransactionData } from './transaction-bcs-decoder.ts';
import {
  INVALID,
  PRUNED,
  seg,
  U64_MAX,
  WFE,
  type Fault,
  type FuzzRequest,
  type Param,
  type Part,
} from './fuzz-model.ts';

/** The shape builder of fuzz-shapes.ts (endpoint, method and allowed answers, then parts). */
export type TransactionShapeBuilder<S> = (
  endpoint:
    | 'transactionByVersion'
    | 'transactionByHash'
    | 'waitTransactionByHash'
    | 'transactions'
    | 'accountTransactions'
    | 'blockByHeight'
    | 'blockByVersion'
    | 'explorerTransactionChanges',
  routeMethod: 'GET',
  allowed: readonly string[],
) => (segments: readonly Part[], params: readonly Param[], body?: FuzzRequest['body']) => S;

const lit = (text: string): Part => ({ text });
const NOT_A_U64 = ['-1', '1.5', '0x10', '18446744073709551616', 'latest', '1e4', 'abc'];

/** A number in a path: retained (valid), above the latest (`above`), below the oldest (`below`), or junk. */
function numberSegment(oldest: bigint, latest: bigint, above: Fault, below: Fault): fc.Arbitrary<Part> {
  const options: fc.Arbitrary<Part>[] = [
    fc.bigInt(oldest, latest).map((v) => seg(String(v), undefined)),
    fc.bigInt(latest + 1n, U64_MAX).map((v) => seg(String(v), above)),
    fc.constantFrom(...NOT_A_U64).map((t) => seg(t, WFE)),
  ];
  if (oldest > 0n) options.push(fc.bigInt(0n, oldest - 1n).map((v) => seg(String(v), below)));
  return fc.oneof(...options);
}

/** A hash segment: a committed one (either case, with or without `0x`), an unknown one, or not a hash. */
function hashSegment(f: Facts): fc.Arbitrary<Part> {
  return fc.oneof(
    fc.tuple(fc.constantFrom(...f.transactionHashes), fc.boolean(), fc.boolean()).map(([hash, bare, upper]) => {
      const digits = upper ? hash.slice(2).toUpperCase() : hash.slice(2);
      return seg(bare ? digits : `0x${digits}`, undefined);
    }),
    fc
      .uint8Array({ minLength: 32, maxLength: 32 })
      .map((bytes) => seg(`0x${Buffer.from(bytes).toString('hex')}`, { status: 404, code: 'transaction_not_found' })),
    fc.constantFrom('0x12', 'zz', '0x' + 'g'.repeat(64), '1'.repeat(66)).map((t) => seg(t, WFE)),
    junk(20)
      .filter((t) => t !== '')
      .map((t) => seg(t, 'unknown')),
  );
}

/** `with_transactions`: absent, `true`/`false`, or not a bool. */
function withTransactions(): fc.Arbitrary<Param[]> {
  return fc.oneof(
    fc.constant<Param[]>([]),
    fc.constantFrom('true', 'false').map((t) => [{ name: 'with_transactions', value: seg(t, undefined) }]),
    fc.constantFrom('yes', '1', 'TRUE', '').map((t) => [{ name: 'with_transactions', value: seg(t, WFE) }]),
  );
}

/** The shapes of the seven routes. */
export function transactionShapes<S>(f: Facts, shape: TransactionShapeBuilder<S>): fc.Arbitrary<S> {
  const notFound: Fault = { status: 404, code: 'transaction_not_found' };
  const start = fc.option(
    fc.oneof(
      fc.bigInt(f.oldest, f.latest).map((v) => seg(String(v), undefined)),
      fc.bigInt(f.latest + 1n, U64_MAX).map((v) => seg(String(v), INVALID)),
      fc.constantFrom(...NOT_A_U64).map((t) => seg(t, WFE)),
      ...(f.oldest > 0n ? [fc.bigInt(0n, f.oldest - 1n).map((v) => seg(String(v), PRUNED))] : []),
    ),
    { nil: undefined },
  );
  const limit = fc.option(limitValue(INVALID), { nil: undefined });
  const block = { status: 404, code: 'block_not_found' } as const;
  return fc.oneof(
    numberSegment(f.oldest, f.latest, notFound, PRUNED).map((v) =>
      shape('transactionByVersion', 'GET', ['200'])([lit('v1'), lit('transactions'), lit('by_version'), v], []),
    ),
    fc
      .tuple(fc.constantFrom('by_hash', 'wait_by_hash'), hashSegment(f))
      .map(([route, hash]) =>
        shape(route === 'by_hash' ? 'transactionByHash' : 'waitTransactionByHash', 'GET', ['200'])(
          [lit('v1'), lit('transactions'), lit(route), hash],
          [],
        ),
      ),
    fc
      .tuple(start, limit)
      .map(([s, l]) =>
        shape('transactions', 'GET', ['200'])(
          [lit('v1'), lit('transactions')],
          [
            ...(s === undefined ? [] : [{ name: 'start', value: s }]),
            ...(l === undefined ? [] : [{ name: 'limit', value: l }]),
          ],
        ),
      ),
    fc
      .tuple(
        addressSegment(f),
        fc.option(u64Value(['0', '1', '5', '100']), { nil: undefined }),
        fc.option(limitValue(INVALID), { nil: undefined }),
      )
      .map(([a, s, l]) =>
        // Transactions below the oldest retained version are left out of the page, never refused (no 410).
        shape('accountTransactions', 'GET', ['200'])(
          [lit('v1'), lit('accounts'), a, lit('transactions')],
          [
            ...(s === undefined ? [] : [{ name: 'start', value: s }]),
            ...(l === undefined ? [] : [{ name: 'limit', value: l }]),
          ],
        ),
      ),
    fc
      .tuple(
        numberSegment(f.oldestBlock, f.latestBlock, block, { status: 410, code: 'block_pruned' }),
        withTransactions(),
      )
      .map(([h, params]) =>
        shape('blockByHeight', 'GET', ['200'])([lit('v1'), lit('blocks'), lit('by_height'), h], params),
      ),
    fc
      .tuple(numberSegment(f.oldest, f.latest, { status: 404, code: 'version_not_found' }, PRUNED), withTransactions())
      .map(([v, params]) =>
        shape('blockByVersion', 'GET', ['200'])([lit('v1'), lit('blocks'), lit('by_version'), v], params),
      ),
    fc
      .tuple(
        numberSegment(f.oldest, f.latest, notFound, PRUNED),
        fc.option(u64Value(['0', '1', '5', '1000', '18446744073709551615']), { nil: undefined }),
        limit,
      )
      .map(([v, s, l]) =>
        shape('explorerTransactionChanges', 'GET', ['200'])(
          [lit('explorer'), lit('v1'), lit('transactions'), lit('by_version'), v, lit('changes')],
          [
            ...(s === undefined ? [] : [{ name: 'start', value: s }]),
            ...(l === undefined ? [] : [{ name: 'limit', value: l }]),
          ],
        ),
      ),
  );
}

/** The BCS reader of each transaction route's 200 body. */
const BCS_READERS: Readonly<Record<string, (bytes: Uint8Array) => unknown>> = {
  transactionByVersion: (bytes) => decodeAll(bytes, readTransactionData),
  transactionByHash: (bytes) => decodeAll(bytes, readTransactionData),
  waitTransactionByHash: (bytes) => decodeAll(bytes, readTransactionData),
  transactions: (bytes) => decodeAll(bytes, (r) => r.vector(readOnChain)),
  accountTransactions: (bytes) => decodeAll(bytes, (r) => r.vector(readOnChain)),
  blockByHeight: (bytes) => decodeAll(bytes, readBlock),
  blockByVersion: (bytes) => decodeAll(bytes, readBlock),
};

/** Why a transaction route's BCS 200 body does not decode as the node's type, or undefined (also for other routes). */
export function transactionBcsProblem(endpoint: string, bytes: Uint8Array): string | undefined {
  const read = BCS_READERS[endpoint];
  if (read === undefined) return undefined;
  try {
    read(bytes);
    return undefined;
  } catch (error) {
    return `BCS body does not decode: ${(error as Error).message}`;
  }
}

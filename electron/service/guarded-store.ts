/**
 * Wraps a {@link LedgerStore} so that any failure of the store itself (file gone, I/O error,
 * SQLite error) surfaces as 503 `internal_error`, distinct from data that does not decode (500).
 * Functions the store returns (the ABI lookup) are wrapped the same way.
 */
import type { LedgerStore } from '../snapshot/ledger-store.ts';
import { ApiError, describeError, serviceUnavailable } from './http-errors.ts';

function unavailable(method: string, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return serviceUnavailable(`The ledger cannot be read (${method}): ${describeError(error)}`);
}

function guardFunction<F extends (...args: never[]) => unknown>(name: string, fn: F, self: unknown): F {
  const guarded = (...args: Parameters<F>): unknown => {
    let result: unknown;
    try {
      result = fn.apply(self, args);
    } catch (error) {
      throw unavailable(name, error);
    }
    return typeof result === 'function' ? guardFunction(name, result as (...a: never[]) => unknown, undefined) : result;
  };
  return guarded as F;
}

/** A view of `store` whose method failures throw 503 {@link ApiError}s. */
export function guardStore(store: LedgerStore): LedgerStore {
  return new Proxy(store, {
    get(target, property, receiver): unknown {
      let value: unknown;
      try {
        value = Reflect.get(target, property, receiver);
      } catch (error) {
        throw unavailable(String(property), error);
      }
      if (typeof value !== 'function') return value;
      return guardFunction(String(property), value as (...args: never[]) => unknown, target);
    },
  });
}

/**
 * Wraps a {@link LedgerStore} so that any failure of the store itself (file gone, I/O error,
 * SQLite error) surfaces as 503 `internal_error`, distinct from stored data that does not decode
 * (a codec error or bad JSON inside the store: 500). Functions the store returns (the ABI lookup)
 * are wrapped the same way.
 */
import { CodecError } from '../../shared/codec-error.ts';
import type { LedgerStore } from '../snapshot/ledger-store.ts';
import { ApiError, describeError, internalError, serviceUnavailable } from './http-errors.ts';

function unavailable(method: string, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof CodecError || error instanceof SyntaxError) {
    return internalError(`The stored data does not decode (${method}): ${describeError(error)}`);
  }
  return serviceUnavailable(`The ledger cannot be read (${method}): ${describeError(error)}`);
}

/** Wrappers already made, so a function the store returns again (the cached ABI lookup) keeps one identity. */
const wrappers = new WeakMap<object, unknown>();

function guardFunction<F extends (...args: never[]) => unknown>(name: string, fn: F, self: unknown): F {
  const guarded = (...args: Parameters<F>): unknown => {
    let result: unknown;
    try {
      result = fn.apply(self, args);
    } catch (error) {
      throw unavailable(name, error);
    }
    if (typeof result !== 'function') return result;
    // Keep identities stable: layout and decoder caches downstream are keyed by the lookup function.
    let wrapped = wrappers.get(result);
    if (!wrapped) {
      wrapped = guardFunction(name, result as (...a: never[]) => unknown, undefined);
      wrappers.set(result, wrapped);
    }
    return wrapped;
  };
  return guarded as F;
}

/** A view of `store` whose method failures throw {@link ApiError}s (503, or 500 for undecodable data). */
export function guardStore(store: LedgerStore): LedgerStore {
  const methods = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, property): unknown {
      const cached = methods.get(property);
      if (cached !== undefined) return cached;
      let value: unknown;
      try {
        // Without the proxy as receiver: getters of the store may read its private fields.
        value = Reflect.get(target, property);
      } catch (error) {
        throw unavailable(String(property), error);
      }
      if (typeof value !== 'function') return value;
      const guarded = guardFunction(String(property), value as (...args: never[]) => unknown, target);
      methods.set(property, guarded);
      return guarded;
    },
  });
}

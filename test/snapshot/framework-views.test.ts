/**
 * The generator's framework ABIs expose the view functions the read service answers, with the signatures the
 * service checks calls against (generic count, parameters, returns), so the official SDK — which resolves a view
 * function's ABI from `/v1/accounts/0x1/module/{name}` before calling `POST /v1/view` — finds each one. Read from the
 * generated fixture as the SDK reads it, plus the generic constraints of the Move sources (`<T: key>` where the
 * function takes an `Object<T>`).
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { VIEW_FUNCTIONS } from '../../electron/service/view/view-functions.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';

describe('framework view functions in the generated ABIs', () => {
  it('exposes every answered view function with its declared signature, marked is_view', () => {
    const store = SnapshotStore.open(fixturePath('small'));
    try {
      const version = store.meta.latestVersion;
      const names = [...VIEW_FUNCTIONS.keys()];
      for (const required of [
        '0x1::coin::balance',
        '0x1::coin::paired_metadata',
        '0x1::primary_fungible_store::balance',
        '0x1::fungible_asset::supply',
        '0x1::account::get_sequence_number',
        '0x1::object::is_object',
      ])
        expect(names).toContain(required);
      for (const [id, declared] of VIEW_FUNCTIONS) {
        const [address = '', module = '', name = ''] = id.split('::');
        const abi = store.module(parseAddress(address), module, version)?.abi;
        const found = abi?.exposed_functions.filter((fn) => fn.name === name && fn.is_view) ?? [];
        expect(found, id).toHaveLength(1);
        const fn = found[0]!;
        expect(fn.visibility, id).toBe('public');
        expect(fn.is_entry, id).toBe(false);
        expect(fn.generic_type_params.length, id).toBe(declared.generics);
        expect(fn.params, id).toEqual(declared.params);
        expect(fn.return, id).toEqual(declared.returns);
        const objectParam = fn.params.includes('0x1::object::Object<T0>');
        expect(fn.generic_type_params[0]?.constraints ?? [], id).toEqual(objectParam ? ['key'] : []);
      }
    } finally {
      store.close();
    }
  });
});

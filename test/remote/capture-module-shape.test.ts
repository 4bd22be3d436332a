/**
 * The capture reads a module with the wire schema of shared/api/wire/modules.ts (the same that types `/module` and
 * `/modules` replies): a source's module is parsed into the full ABI the capture decodes values with, and a module of
 * another shape is a capture error naming the field, not a crash in layout resolution later.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createReadService } from '../../electron/service/read-service.ts';
import { CaptureError } from '../../electron/snapshot/capture/capture-types.ts';
import { ModuleSet } from '../../electron/snapshot/capture/module-set.ts';
import { SourceReader } from '../../electron/snapshot/capture/source-reader.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';

const store = SnapshotStore.open(fixturePath('small'));
afterAll(() => store.close());
const service = createReadService({ store, responseCache: false });
const reader = new SourceReader(
  { fetch: service, baseUrl: 'http://127.0.0.1/v1', nodeUrl: 'http://127.0.0.1/v1' },
  undefined,
);

describe('a captured module', () => {
  it('is parsed by the wire schema into the ABI the layouts use', async () => {
    const modules = new ModuleSet(reader, store.meta.latestVersion);
    const abi = await modules.abi('0x1', 'coin');
    expect(abi?.name).toBe('coin');
    expect(abi?.structs.find((s) => s.name === 'CoinStore')?.fields.map((f) => f.name)).toContain('coin');
  });

  it('of another shape is a capture error naming the field', () => {
    const modules = new ModuleSet(reader, store.meta.latestVersion);
    const abi = { address: '0x1', name: 'm', friends: [], exposed_functions: [], structs: [{ name: 'S' }] };
    expect(() => modules.add({ bytecode: '0x00', abi }, 'module 0x1::m')).toThrow(CaptureError);
    expect(() => modules.add({ bytecode: '0x00', abi }, 'module 0x1::m')).toThrow(
      /^module 0x1::m has another shape: abi\.structs\.0\.is_native: /,
    );
    expect(() => modules.add({ bytecode: 7 }, 'module 0x1::m')).toThrow(/has another shape: bytecode: /);
    expect(() => modules.add({ bytecode: '0x00' }, 'module 0x1::m')).toThrow(/without its ABI/);
  });
});

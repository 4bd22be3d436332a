/**
 * The architecture's import boundaries are enforced by ESLint, so `npm test` (which runs lint)
 * fails when they are crossed. These tests lint source text as if it lived in each folder.
 */
import { describe, expect, it } from 'vitest';
import { ruleMessages } from './lint-text.ts';

const restrictedImports = (code: string, filePath: string): Promise<string[]> =>
  ruleMessages(code, filePath, 'no-restricted-imports');

describe('import boundaries', () => {
  it('forbid Node built-ins (with or without node:) and electron in shared/', async () => {
    expect(
      await restrictedImports(
        "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n",
        'shared/bad-import.ts',
      ),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports(
        "import { readFileSync } from 'fs';\nexport const f = readFileSync;\n",
        'shared/bad-import.ts',
      ),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports("import { app } from 'electron';\nexport const a = app;\n", 'shared/bad-import.ts'),
    ).not.toHaveLength(0);
  });

  it('forbid shared/ and renderer/ to import from electron/, types included', async () => {
    const fromMainSide =
      "import type { ServiceReply } from '../electron/service/service-reply.ts';\nexport type R = ServiceReply;\n";
    expect(await restrictedImports(fromMainSide, 'shared/bad-import.ts')).not.toHaveLength(0);
    expect(await restrictedImports(fromMainSide.replace('../', '../../'), 'shared/api/bad-import.ts')).not.toHaveLength(
      0,
    );
    expect(
      await restrictedImports(fromMainSide.replace('../', '../../'), 'renderer/app/bad-import.ts'),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports(fromMainSide.replace('../', '../../../'), 'renderer/features/gas/bad-import.ts'),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports(
        "import type { SourceInfo } from '../../shared/api/source-info.ts';\nexport type S = SourceInfo;\n",
        'renderer/api/ok-import.ts',
      ),
    ).toHaveLength(0);
  });

  it('forbid Node built-ins and electron in renderer/', async () => {
    expect(
      await restrictedImports("import { join } from 'node:path';\nexport const j = join;\n", 'renderer/bad-import.ts'),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports(
        "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n",
        'renderer/bad-import.ts',
      ),
    ).not.toHaveLength(0);
  });

  it('forbid electron but allow Node built-ins in the service, snapshot store and CLI', async () => {
    for (const folder of ['electron/service', 'electron/snapshot', 'electron/cli']) {
      expect(
        await restrictedImports("import { app } from 'electron';\nexport const a = app;\n", `${folder}/bad-import.ts`),
      ).not.toHaveLength(0);
      expect(
        await restrictedImports(
          "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n",
          `${folder}/ok-import.ts`,
        ),
      ).toHaveLength(0);
    }
  });

  it('forbid a renderer feature to import another feature, allow components/ and lib/', async () => {
    expect(
      await restrictedImports(
        "import { x } from '../resources/value-links.ts';\nexport const y = x;\n",
        'renderer/features/events/bad-import.ts',
      ),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports(
        "import { join } from 'node:path';\nexport const j = join;\n",
        'renderer/features/events/bad-import.ts',
      ),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports(
        "import { x } from '../../lib/value-links.ts';\nexport const y = x;\n",
        'renderer/features/events/ok-import.ts',
      ),
    ).toHaveLength(0);
    expect(
      await restrictedImports(
        "import { x } from './events-list.tsx';\nexport const y = x;\n",
        'renderer/features/events/ok-import.ts',
      ),
    ).toHaveLength(0);
  });

  it('allow shared code to import shared code', async () => {
    expect(
      await restrictedImports(
        "import { bytesToHex } from './hex.ts';\nexport const h = bytesToHex;\n",
        'shared/ok-import.ts',
      ),
    ).toHaveLength(0);
  });
});

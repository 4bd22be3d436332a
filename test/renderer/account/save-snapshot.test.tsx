/**
 * "Save to snapshot" against a read service that may capture (a captures folder configured): the
 * button posts the account and the effective version and shows the saved file's name and folder.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { createReadService } from '../../../electron/service/read-service.ts';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('save to snapshot', () => {
  it('captures the account at the pinned version and shows the file name and folder', async () => {
    const base = serviceFixture('small');
    const folder = mkdtempSync(join(tmpdir(), 'le-capture-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const service = createReadService({
      store: base.store,
      source: { kind: 'snapshot', name: 'small.db', origin: null },
      capture: { folder },
    });
    const requests: string[] = [];
    cleanups.push(routeFetchInto({ ...base, service, requests }));
    const pin = base.info.oldestVersion;
    window.history.replaceState(null, '', `/accounts/0x1?ledger_version=${pin}`);
    const user = userEvent.setup();
    render(<App queryClient={createQueryClient()} />);
    await user.click(await screen.findByRole('button', { name: 'Save to snapshot' }));
    const saved = await screen.findByText(/^capture-.*\.db$/);
    expect(readdirSync(folder)).toEqual([saved.textContent]);
    expect(saved.textContent).toContain(`-v${pin}-`);
    // Where it went: the folder of the answer's full path, next to the name.
    const status = saved.closest('[role="status"]')!;
    expect(status.textContent).toContain(`Saved ${saved.textContent} in ${folder} (`);
    expect(status.textContent).toMatch(/ \([\d,]+ bytes\)$/);
    expect(requests).toContain('POST /explorer/v1/capture');
  });
});

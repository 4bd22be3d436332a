/**
 * The modules tab over the real read service: every module the API lists, a filter, and a module's
 * ABI (its structs) once opened.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { requestJson } from '../../../renderer/api/client.ts';
import type { MoveModuleJson } from '../../../renderer/api/types.ts';

describe('modules tab', () => {
  it('lists the modules with their ABI', async () => {
    const { user } = renderApp('/accounts/0x1/modules');
    const modules = (await requestJson<MoveModuleJson[]>('/v1/accounts/0x1/modules')).body;
    const coin = modules.find((module) => module.abi?.name === 'coin')!.abi!;
    await screen.findByText(`${modules.length} of ${modules.length} modules`);
    await user.type(screen.getByRole('searchbox', { name: 'Filter modules' }), 'coin');
    await user.click(screen.getByText('0x1::coin'));
    for (const struct of coin.structs) expect(screen.getByText(new RegExp(`struct ${struct.name}\\b`))).toBeTruthy();
    expect(screen.getByText(`Structs and enums (${coin.structs.length})`)).toBeTruthy();
  });
});

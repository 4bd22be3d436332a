/**
 * The modules tab shows Move enums as enums (their variants, each with its fields) and marks `#[event]` structs,
 * from the ABI's `is_enum`, `variants` and `is_event` (the sample application at 0xcafe declares both).
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { requestJson } from '../../../renderer/api/client.ts';
import type { MoveModuleJson } from '../../../renderer/api/types.ts';
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';

describe('modules tab ABI', () => {
  it('shows an enum with its variants and fields, and marks #[event] structs', async () => {
    const { user } = renderApp('/accounts/0xcafe/modules');
    const modules = (await requestJson<MoveModuleJson[]>('/v1/accounts/0xcafe/modules')).body;
    const abi = modules.find((module) => module.abi?.name === 'registry')!.abi as unknown as MoveModuleAbi;
    const status = abi.structs.find((struct) => struct.is_enum === true)!;
    const event = abi.structs.find((struct) => struct.is_event === true)!;
    expect(status.variants!.length).toBeGreaterThan(1);
    await user.click(await screen.findByText('0xcafe::registry'));

    const signature = screen.getByText(new RegExp(`^enum ${status.name} has `));
    expect(signature.textContent).toBe(`enum ${status.name} has ${status.abilities.join(', ')}`);
    expect(screen.queryByText(new RegExp(`^struct ${status.name}\\b`))).toBeNull();
    const variants = screen.getByRole('list', { name: `Variants of ${status.name}` });
    const items = within(variants)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === variants);
    expect(items.map((item) => item.querySelector('code')!.textContent)).toEqual(
      status.variants!.map((variant) => (variant.fields.length === 0 ? variant.name : `${variant.name} {`)),
    );
    for (const [index, variant] of status.variants!.entries())
      for (const field of variant.fields)
        expect(within(items[index]!).getByText(`${field.name}: ${field.type}`)).toBeTruthy();

    const eventSignature = screen.getByText(new RegExp(`^struct ${event.name}\\b`));
    expect(eventSignature.previousElementSibling?.textContent?.trim()).toBe('#[event]');
    const plain = abi.structs.find((struct) => struct.is_event !== true && struct.is_enum !== true)!;
    const plainSignature = screen.getByText(new RegExp(`^struct ${plain.name}\\b`));
    expect(plainSignature.previousElementSibling).toBeNull();
  });
});

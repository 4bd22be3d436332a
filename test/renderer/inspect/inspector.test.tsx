/**
 * The BCS inspector over real table bytes from the read service: a field's bytes light up when the
 * field is hovered and the field lights up when one of its bytes is hovered; corrupted bytes give
 * the failing offset, the field path and the tree decoded up to there. Expected values come from
 * the API (the sample table of records and its stored bytes).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';
import { requestBcs, requestJson } from '../../../renderer/api/client.ts';
import type { JsonValue } from '../../../renderer/api/types.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import { LayoutError } from '../../../shared/codec-error.ts';
import { decodeMoveValuePartial } from '../../../shared/move/decode-partial.ts';
import type { ValueSpan } from '../../../shared/move/decode.ts';
import { resolveLayout, type MoveLayout } from '../../../shared/move/layout.ts';
import { parseTypeTag } from '../../../shared/type-tag.ts';
import type { MoveModuleJson } from '../../../renderer/api/types.ts';
import { tableSamples, type TableSample } from '../support/table-samples.ts';

/**
 * The layout of `typeText` built here from the source's module ABIs and the codec (not through the
 * inspector's own resolver), so expected byte ranges do not come from the component under test.
 */
async function layoutOf(typeText: string): Promise<MoveLayout> {
  const modules = new Map<string, MoveModuleAbi | undefined>();
  for (let round = 0; round < 16; round += 1) {
    const missing = new Set<string>();
    try {
      return resolveLayout(parseTypeTag(typeText), (address, module) => {
        const key = `${address}::${module}`;
        if (!modules.has(key)) missing.add(key);
        return modules.get(key);
      });
    } catch (error) {
      if (!(error instanceof LayoutError) || missing.size === 0) throw error;
    }
    for (const key of missing) {
      const [address = '', name = ''] = key.split('::');
      modules.set(
        key,
        (await requestJson<MoveModuleJson>(`/v1/accounts/${address}/module/${name}`)).body.abi as
          MoveModuleAbi | undefined,
      );
    }
  }
  throw new Error(`could not resolve ${typeText}`);
}

/** The span of the field at `path` in the codec's decoding (shared/), as [start, end). */
function spanAt(spans: readonly ValueSpan[], path: readonly (string | number)[]): [number, number] {
  const span = spans.find((s) => JSON.stringify(s.path) === JSON.stringify(path));
  expect(span).toBeDefined();
  return [span!.start, span!.end];
}

function range(start: number, end: number): number[] {
  return Array.from({ length: end - start }, (_, i) => start + i);
}

/**
 * A sample table whose values are `0xcafe::registry::Record` (nested structs), one stored value, and its spans by the
 * codec.
 */
async function recordSample(): Promise<{
  sample: TableSample;
  bytes: Uint8Array;
  value: JsonValue;
  spans: readonly ValueSpan[];
}> {
  const fixture = serviceFixture('main');
  const sample = tableSamples().find((t) => t.valueType.endsWith('::Record'));
  expect(sample).toBeDefined();
  const restore = routeFetchInto(fixture);
  try {
    const raw = await requestBcs(`/v1/tables/${sample!.handle}/raw_item`, {
      method: 'POST',
      body: { key: sample!.rawKeys[0] },
    });
    const item = await requestJson<JsonValue>(`/v1/tables/${sample!.handle}/item`, {
      method: 'POST',
      body: { key_type: sample!.keyType, value_type: sample!.valueType, key: sample!.keys[0] },
    });
    const decoded = decodeMoveValuePartial(raw.body, await layoutOf(sample!.valueType));
    expect(decoded.failure).toBeUndefined();
    return { sample: sample!, bytes: raw.body, value: item.body, spans: decoded.spans };
  } finally {
    restore();
  }
}

function rowFor(path: string): HTMLElement {
  const tree = screen.getByRole('list', { name: 'Decoded fields' });
  return within(tree).getByRole('button', {
    name: new RegExp(
      `\\(${path.replaceAll('.', '\\.').replaceAll('[', '\\[').replaceAll(']', '\\]')}\\), .* bytes \\d+–\\d+$`,
    ),
  });
}

function rangeOf(row: HTMLElement): [number, number] {
  const match = /bytes (\d+)–(\d+)$/.exec(row.textContent ?? '');
  expect(match).not.toBeNull();
  return [Number(match![1]), Number(match![2])];
}

function highlighted(): number[] {
  return [...document.querySelectorAll<HTMLElement>('.hex-byte[data-highlighted="true"]')].map((b) =>
    Number(b.dataset.offset),
  );
}

function byteAt(offset: number): HTMLElement {
  const cell = document.querySelector<HTMLElement>(`.hex-byte[data-offset="${offset}"]`);
  expect(cell).not.toBeNull();
  return cell!;
}

describe('BCS inspector', () => {
  it("highlights a nested field's bytes on hover, and the field of a hovered byte", async () => {
    const { bytes, value, sample, spans } = await recordSample();
    const { user } = renderApp(
      `/inspect?${new URLSearchParams({ hex: bytesToHex(bytes), type: sample.valueType }).toString()}`,
    );
    const maxRow = await screen.findByRole(
      'button',
      { name: /\(value\.metadata\.limits\.max\), .* bytes/ },
      { timeout: 10_000 },
    );
    // The decoded leaf shows the API's own decoding of the same item.
    const limits = (value as { metadata: { limits: { max: string } } }).metadata.limits;
    expect(within(maxRow).getByText(JSON.stringify(limits.max))).toBeTruthy();
    const [start, end] = spanAt(spans, ['metadata', 'limits', 'max']);
    expect(end - start).toBe(32); // a u256
    expect(rangeOf(maxRow)).toEqual([start, end]);
    await user.hover(maxRow);
    expect(highlighted()).toEqual(range(start, end));

    // The other way: hovering a byte inside `id` marks the `id` row and highlights its bytes.
    const [idStart, idEnd] = spanAt(spans, ['id']);
    await user.unhover(maxRow);
    fireEvent.mouseOver(byteAt(idEnd - 1));
    await waitFor(() => expect(rowFor('value.id').getAttribute('aria-current')).toBe('true'));
    expect(highlighted()).toEqual(range(idStart, idEnd));
    expect(maxRow.getAttribute('aria-current')).toBeNull();
  });

  it('moves a byte cursor with the keyboard and selects the field under it', async () => {
    const { bytes, sample, spans } = await recordSample();
    const { user } = renderApp(
      `/inspect?${new URLSearchParams({ hex: bytesToHex(bytes), type: sample.valueType }).toString()}`,
    );
    const ownerRow = await screen.findByRole('button', { name: /\(value\.owner\), .* bytes/ }, { timeout: 10_000 });
    const [ownerStart, ownerEnd] = spanAt(spans, ['owner']);
    // Byte 16 (one hex row below byte 0) lies inside `owner` for this layout.
    expect(ownerStart <= 16 && 16 < ownerEnd).toBe(true);
    expect(spanAt(spans, ['id'])[0]).toBe(0);
    const hex = screen.getByRole('group', { name: /^Bytes/ });
    hex.focus();
    await user.keyboard('{Home}');
    expect(rowFor('value.id').getAttribute('aria-current')).toBe('true');
    // Down one row (16 bytes) from byte 0 lands inside `owner`.
    await user.keyboard('{ArrowDown}');
    expect(hex.getAttribute('aria-label')).toBe('Bytes, cursor at byte 16');
    expect(ownerRow.getAttribute('aria-current')).toBe('true');
    expect(highlighted()).toEqual(range(ownerStart, ownerEnd));
    await user.keyboard('{End}');
    expect(hex.getAttribute('aria-label')).toBe(`Bytes, cursor at byte ${bytes.length - 1}`);
  });

  it('shows the failing offset, the field path and everything decoded before it on corrupted bytes', async () => {
    const { bytes, sample, spans } = await recordSample();
    const [noteStart] = spanAt(spans, ['metadata', 'note']);
    const [idStart, idEnd] = spanAt(spans, ['id']);

    // An Option's tag byte must be 0 or 1.
    const corrupted = Uint8Array.from(bytes);
    corrupted[noteStart] = 7;
    renderApp(`/inspect?${new URLSearchParams({ hex: bytesToHex(corrupted), type: sample.valueType }).toString()}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain(`at byte ${noteStart}`);
    expect(alert.textContent).toMatch(/value\.metadata\.note/);
    // The failing byte is marked; fields before it are decoded with their ranges, fields after it are absent.
    expect(byteAt(noteStart).classList.contains('failed')).toBe(true);
    expect(rangeOf(rowFor('value.id'))).toEqual([idStart, idEnd]);
    expect(within(rowFor('value.metadata.kind')).queryByText('(not decoded)')).toBeNull();
    expect(screen.queryByRole('button', { name: /\(value\.created_at\), .* bytes/ })).toBeNull();
  });

  it('decodes the same bytes as another type', async () => {
    const { bytes, sample } = await recordSample();
    const { user } = renderApp(
      `/inspect?${new URLSearchParams({ hex: bytesToHex(bytes), type: sample.valueType }).toString()}`,
    );
    await screen.findByRole('button', { name: /\(value\.id\), .* bytes/ }, { timeout: 10_000 });
    const asType = screen.getByRole('combobox', { name: 'Type tag' });
    await user.clear(asType);
    await user.type(asType, 'u64');
    // Eight bytes of u64, then the rest is trailing: reported at byte 8 with the value decoded.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('at byte 8');
    const id = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true);
    expect(within(rowFor('value')).getByText(JSON.stringify(id.toString()))).toBeTruthy();
  });
});

/** Helpers for the view tests: call a view over a state and capture the ViewError it throws. */
import { expect } from 'vitest';
import type { MoveJson } from '../../../shared/move/move-json.ts';
import { withResourceGroups, type StateReader } from '../../../electron/service/view/state-reader.ts';
import { ViewError, viewErrorRecord } from '../../../electron/service/view/view-error.ts';
import { callView } from '../../../electron/service/view/view-request.ts';
import type { MemoryState } from './memory-state.ts';

/** The version every view test reads at. */
export const V = 10n;

/** Calls `function` with type arguments and JSON arguments over `state`, returning the JSON values. */
export function view(
  state: MemoryState | StateReader,
  fn: string,
  typeArguments: readonly string[],
  args: readonly unknown[],
): readonly MoveJson[] {
  return callView(withResourceGroups(state), { function: fn, type_arguments: typeArguments, arguments: args }, V).json;
}

/** The ViewError `run` throws (fails the test when it returns). */
export function viewError(run: () => unknown): ViewError {
  try {
    run();
  } catch (error) {
    if (error instanceof ViewError) return error;
    throw error;
  }
  expect.fail('expected a ViewError');
}

/** The error record of the ViewError `run` throws, with its status. */
export function errorOf(run: () => unknown): { status: number; record: ReturnType<typeof viewErrorRecord> } {
  const error = viewError(run);
  return { status: error.status, record: viewErrorRecord(error) };
}

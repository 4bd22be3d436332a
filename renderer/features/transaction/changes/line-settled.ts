/**
 * Whether a change line's value before is drawn from what the page already holds, decided in render: the section's
 * `data-changes-ready` then holds in the same render — also in a page the server drew, where no effect runs — instead
 * of waiting for each open line to report from an effect (change-list.tsx). Each rule is the one its line's component
 * uses for "settled" (resource-change.tsx, module-change.tsx); lines that read on their own still report themselves.
 */
import * as v from 'valibot';
import { assertNever } from '../../../../shared/assert-never.ts';
import { moveResource } from '../../../../shared/api/wire-schemas.ts';
import type { MoveResourceJson } from '../../../api/types.ts';
import type { BeforeVersion } from './before-version.ts';
import { factsFor, resourceBefore, type FactsSource } from './change-facts.ts';
import { factsKeyOf, type ChangeEntry } from './change-model.ts';

/** The members of a deleted group the explorer read at V − 1; undefined when it could not say. */
export function membersBefore(
  facts: FactsSource,
  entry: Extract<ChangeEntry, { kind: 'group' }>,
): readonly MoveResourceJson[] | 'pending' | undefined {
  const known = factsFor(facts, factsKeyOf(entry));
  if (known === 'pending') return 'pending';
  if (known === undefined || !Array.isArray(known.before)) return undefined;
  const members = known.before.filter((m) => v.is(moveResource, m));
  return members.length === known.before.length ? members : undefined;
}

/**
 * True when the open line for `entry` shows its before with no read of its own: there is none to show (genesis, a
 * pruned V − 1) or the explorer's one read of the write set said it. False while the retained range is unknown, when
 * the line walks the node, and for table items (their values decode by layouts the line reads itself).
 */
export function settledByFacts(entry: ChangeEntry, facts: FactsSource, before: BeforeVersion): boolean {
  if (before.kind === 'waiting') return false;
  if (before.kind !== 'readable') return entry.kind !== 'table_item';
  switch (entry.kind) {
    case 'resource': {
      const known = factsFor(facts, factsKeyOf(entry));
      return known !== undefined && known !== 'pending' && resourceBefore(known) !== undefined;
    }
    case 'group':
      return Array.isArray(membersBefore(facts, entry));
    case 'module': {
      if (entry.op === 'delete') return true;
      const known = factsFor(facts, factsKeyOf(entry));
      return known !== undefined && known !== 'pending' && (known.existed_before ?? undefined) !== undefined;
    }
    case 'table_item':
      return false;
    default:
      return assertNever(entry);
  }
}

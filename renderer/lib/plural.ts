/**
 * Singular or plural of a counted noun ("1 event", "2 events"): counts arrive as numbers, bigints
 * or the API's decimal strings (u64 counters).
 */

/** `singular` when `count` is exactly one, else `pluralForm` (default: `singular` + "s"). */
export function plural(count: number | bigint | string, singular: string, pluralForm = `${singular}s`): string {
  return String(count) === '1' ? singular : pluralForm;
}

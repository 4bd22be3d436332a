/**
 * Exhaustiveness guard for discriminated unions.
 *
 * Every `switch` over a union ends with `default: return assertNever(x)`: TypeScript then refuses to
 * compile when a new member is added and not handled, and at run time (data that escaped the type
 * system, e.g. a layout built from untyped JSON) the error names the value instead of silently
 * falling through.
 */
export function assertNever(value: never): never {
  let shown: string;
  try {
    shown = JSON.stringify(value) ?? String(value);
  } catch {
    shown = String(value);
  }
  throw new Error(`unexpected value: ${shown}`);
}

/**
 * Validation of IPC arguments: the renderer is not trusted to send what the contract says, so each
 * call's arguments are checked against a schema before any handler sees them.
 */
import * as v from 'valibot';
import { THEMES, type InvokeContract, type InvokeName, type NodeProfileId } from '../../../shared/ipc-contract.ts';
import { NODE_PROFILES } from '../../../shared/node-profiles.ts';

// The profile names of the one list (NODE_PROFILES), not a copy of them.
const NodeProfileSchema = v.picklist(Object.keys(NODE_PROFILES) as NodeProfileId[]);
const ShortText = v.pipe(v.string(), v.maxLength(4096));

const SCHEMAS = {
  openSnapshotDialog: v.strictTuple([]),
  openSnapshotPath: v.strictTuple([ShortText]),
  openSampleSnapshot: v.strictTuple([]),
  recentSnapshots: v.strictTuple([]),
  connectNode: v.strictTuple([
    v.union([v.strictObject({ profile: NodeProfileSchema }), v.strictObject({ url: ShortText })]),
  ]),
  currentSource: v.strictTuple([]),
  getSettings: v.strictTuple([]),
  updateSettings: v.strictTuple([
    v.strictObject({
      theme: v.optional(v.picklist(THEMES)),
      apiKey: v.optional(v.strictObject({ node: ShortText, key: v.nullable(ShortText) })),
      clearRecentSnapshots: v.optional(v.literal(true)),
    }),
  ]),
  saveFile: v.strictTuple([
    v.strictObject({
      suggestedName: v.pipe(v.string(), v.maxLength(255), v.regex(/^[^/\\\0]+$/, 'a file name, no folders')),
      content: v.union([v.string(), v.instance(Uint8Array)]),
      filters: v.optional(
        v.array(v.strictObject({ name: ShortText, extensions: v.array(v.pipe(v.string(), v.regex(/^[\w*]{1,16}$/))) })),
      ),
    }),
  ]),
  openExternal: v.strictTuple([ShortText]),
} satisfies Record<InvokeName, v.GenericSchema>;

/** The arguments of call `name` when they match the contract, else `undefined`. */
export function parseInvokeArgs<K extends InvokeName>(
  name: K,
  args: readonly unknown[],
): InvokeContract[K]['args'] | undefined {
  const result = v.safeParse(SCHEMAS[name], args);
  // The schemas mirror the contract's types (checked by the IPC tests); valibot's output types differ only in
  // readonly-ness.
  return result.success ? (result.output as InvokeContract[K]['args']) : undefined;
}

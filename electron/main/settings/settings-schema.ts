/**
 * The settings file's shape (`settings.json` in the user data folder), validated with valibot on
 * every load: a missing field takes its default, a wrong one makes the file corrupt (backed up and
 * replaced by defaults by the settings store).
 */
import * as v from 'valibot';
import { THEMES } from '../../../shared/ipc-contract.ts';

/** Longest recent snapshots list. */
export const MAX_RECENT = 10;

/** Longest list of remembered custom node URLs. */
export const MAX_CUSTOM_NODES = 10;

const SourceRefSchema = v.variant('kind', [
  v.object({ kind: v.literal('snapshot'), path: v.string(), sample: v.boolean() }),
  // `node` is a profile name or a custom base URL, as resolveNodeUrl takes it.
  v.object({ kind: v.literal('remote'), node: v.string() }),
]);

const WindowStateSchema = v.object({
  x: v.pipe(v.number(), v.integer()),
  y: v.pipe(v.number(), v.integer()),
  width: v.pipe(v.number(), v.integer(), v.minValue(200)),
  height: v.pipe(v.number(), v.integer(), v.minValue(150)),
  maximized: v.boolean(),
});

/** Schema of the stored settings (format 1). */
export const StoredSettingsSchema = v.object({
  version: v.literal(1),
  theme: v.optional(v.picklist(THEMES), 'system'),
  lastSource: v.optional(v.nullable(SourceRefSchema), null),
  recentSnapshots: v.optional(
    v.pipe(v.array(v.object({ path: v.string(), openedAt: v.number() })), v.maxLength(MAX_RECENT)),
    [],
  ),
  customNodes: v.optional(v.pipe(v.array(v.string()), v.maxLength(MAX_CUSTOM_NODES)), []),
  /** Node key → API key encrypted by safeStorage, base64. Never plain text. */
  apiKeys: v.optional(v.record(v.string(), v.string()), {}),
  window: v.optional(v.nullable(WindowStateSchema), null),
});

/** The stored settings. */
export type StoredSettings = v.InferOutput<typeof StoredSettingsSchema>;

/** A stored reference to a source (what reopens it). */
export type SourceRef = v.InferOutput<typeof SourceRefSchema>;

/** Remembered window geometry. */
export type WindowState = v.InferOutput<typeof WindowStateSchema>;

/** The settings of a first run. */
export function defaultSettings(): StoredSettings {
  return {
    version: 1,
    theme: 'system',
    lastSource: null,
    recentSnapshots: [],
    customNodes: [],
    apiKeys: {},
    window: null,
  };
}

/** Parses a settings file's text; `undefined` when it is not valid JSON or not valid settings. */
export function parseSettings(text: string): StoredSettings | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const result = v.safeParse(StoredSettingsSchema, json);
  return result.success ? result.output : undefined;
}

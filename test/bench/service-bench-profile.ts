/**
 * Summary of a V8 `.cpuprofile` (as written by `node --cpu-prof`) for the service benchmark: the
 * functions with the most self time and the most inclusive time, and self time grouped by area
 * (our service code, shared/ codecs, the snapshot store, Node's HTTP internals, GC…).
 *
 * Usage: node test/bench/service-bench-profile.ts FILE.cpuprofile   (also used by service-bench.ts)
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  /** µs since the previous sample (the first: since the profile started). */
  readonly timeDeltas: readonly number[];
}

/** Time attributed to one function (or one area), in ms. */
export interface ProfileEntry {
  /** Function name (`(anonymous)` when unnamed), or the area's name. */
  readonly name: string;
  /** `path:line` from the repository root, `node_modules/…`, a `node:` module, or '' for native frames and areas. */
  readonly location: string;
  readonly ms: number;
}

/** The figures of one CPU profile; shares are of busy (non-idle) time. */
export interface ProfileSummary {
  readonly busyMs: number;
  readonly idleMs: number;
  /** Self time by area, largest first. */
  readonly areas: readonly ProfileEntry[];
  /** Self time by function, largest first. */
  readonly self: readonly ProfileEntry[];
  /** Inclusive time by function (each function counted once per sample), largest first. */
  readonly inclusive: readonly ProfileEntry[];
}

/** A short location for a script URL: the path from the repository root, node_modules/…, or the URL itself. */
function shortUrl(url: string): string {
  if (!url.startsWith('file://')) return url;
  const path = decodeURIComponent(url.slice('file://'.length));
  const nodeModules = path.lastIndexOf('/node_modules/');
  if (nodeModules >= 0) return path.slice(nodeModules + 1);
  for (const root of ['/electron/', '/shared/', '/test/']) {
    const at = path.lastIndexOf(root);
    if (at >= 0) return path.slice(at + 1);
  }
  return path;
}

/** True for V8's pseudo-frames: (garbage collector), (program), (idle), (root). */
export function isPseudoFrame(entry: ProfileEntry): boolean {
  return entry.location === '' && entry.name.startsWith('(');
}

function frameKey(frame: CallFrame): [name: string, location: string] {
  const name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
  return [name, frame.url === '' ? '' : `${shortUrl(frame.url)}:${frame.lineNumber + 1}`];
}

/** The area a frame belongs to, for the grouped self time. */
function area(frame: CallFrame): string {
  const url = shortUrl(frame.url);
  if (frame.url === '') {
    if (frame.functionName.startsWith('(')) return frame.functionName; // (garbage collector), (program), (idle)
    return 'native (V8 builtins, socket writes)';
  }
  if (url.startsWith('electron/service/')) return 'electron/service';
  if (url.startsWith('electron/snapshot/')) return 'electron/snapshot (store)';
  if (url.startsWith('shared/')) return 'shared (codecs, types)';
  if (url.startsWith('node_modules/')) return url.split('/').slice(0, 2).join('/');
  if (url.startsWith('node:internal/deps/undici') || url.includes('undici')) return 'undici (Request/Response/Headers)';
  if (url.startsWith('node:internal/http') || url.startsWith('node:_http') || url.startsWith('node:http'))
    return 'node:http';
  if (url.startsWith('node:internal/streams/') || url.startsWith('node:internal/stream_base') || url === 'node:net')
    return 'node:net and streams (socket I/O)';
  if (url.startsWith('node:internal/webstreams') || url.includes('webstreams')) return 'web streams';
  if (url.startsWith('node:internal/url') || url === 'node:url') return 'node:url (URL parsing)';
  if (url.startsWith('node:')) return 'other node: internals';
  return url;
}

function sorted(map: Map<string, ProfileEntry>): ProfileEntry[] {
  return [...map.values()].sort((a, b) => b.ms - a.ms);
}

function add(map: Map<string, ProfileEntry>, name: string, location: string, ms: number): void {
  const key = `${name}\u0000${location}`;
  const previous = map.get(key);
  map.set(key, { name, location, ms: (previous?.ms ?? 0) + ms });
}

/**
 * Reads a `.cpuprofile` and attributes its samples' time to functions and areas (idle excluded).
 * Samples in the first `skipMs` after the profile started (start-up, warm-up) are left out.
 */
export function readCpuProfile(path: string, skipMs = 0): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const self = new Map<string, ProfileEntry>();
  const inclusive = new Map<string, ProfileEntry>();
  const areas = new Map<string, ProfileEntry>();
  let busy = 0;
  let idle = 0;
  let at = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const node = byId.get(profile.samples[i] ?? 0);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    at += ms;
    if (node === undefined || at < skipMs) continue;
    if (node.callFrame.functionName === '(idle)') {
      idle += ms;
      continue;
    }
    busy += ms;
    add(self, ...frameKey(node.callFrame), ms);
    add(areas, area(node.callFrame), '', ms);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame;
      if (frame === undefined || frame.functionName === '(root)') continue;
      const [name, location] = frameKey(frame);
      if (seen.has(`${name} ${location}`)) continue;
      seen.add(`${name} ${location}`);
      add(inclusive, name, location, ms);
    }
  }
  return { busyMs: busy, idleMs: idle, areas: sorted(areas), self: sorted(self), inclusive: sorted(inclusive) };
}

/** Entries as Markdown table rows with their share of `total` ms. */
function rows(entries: readonly ProfileEntry[], total: number, count: number): string[] {
  return entries.slice(0, count).map((entry) => {
    const label = entry.location === '' ? entry.name : `${entry.name} ${entry.location}`;
    return `| ${label.replaceAll('|', '\\|')} | ${entry.ms.toFixed(0)} | ${((entry.ms / total) * 100).toFixed(1)}% |`;
  });
}

/** A Markdown summary (three tables) of a CPU profile, excluding idle time from the shares (and the first `skipMs`). */
export function summarizeCpuProfile(path: string, skipMs = 0, top = 25): string {
  const summary = readCpuProfile(path, skipMs);
  return [
    `CPU profile of the serve process: ${summary.busyMs.toFixed(0)} ms ` +
      `busy, ${summary.idleMs.toFixed(0)} ms idle. Shares are of busy time.`,
    '',
    '| self time by area | ms | share |',
    '|---|---:|---:|',
    ...rows(summary.areas, summary.busyMs, top),
    '',
    '| function (self time) | ms | share |',
    '|---|---:|---:|',
    ...rows(summary.self, summary.busyMs, top),
    '',
    '| function (inclusive time) | ms | share |',
    '|---|---:|---:|',
    ...rows(summary.inclusive, summary.busyMs, top),
    '',
  ].join('\n');
}

if (import.meta.main) {
  const file = process.argv[2];
  if (file === undefined) {
    process.stderr.write('usage: node test/bench/service-bench-profile.ts FILE.cpuprofile\n');
    process.exitCode = 1;
  } else {
    process.stdout.write(summarizeCpuProfile(file));
  }
}

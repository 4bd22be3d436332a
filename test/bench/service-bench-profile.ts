/**
 * Summary of a V8 `.cpuprofile` (as written by `node --cpu-prof`) for the service benchmark: the
 * functions with the most self time and the most inclusive time, and self time grouped by area
 * (our service code, shared/ codecs, the snapshot store, Node's HTTP and fetch internals, GC…).
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
  readonly timeDeltas: readonly number[];
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

function functionKey(frame: CallFrame): string {
  const name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
  if (frame.url === '') return name;
  return `${name} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
}

/** The area a frame belongs to, for the grouped self time. */
function area(frame: CallFrame): string {
  const url = shortUrl(frame.url);
  if (frame.url === '') {
    if (frame.functionName.startsWith('(')) return frame.functionName; // (garbage collector), (program), (idle)
    return 'native (V8 builtins, better-sqlite3 calls)';
  }
  if (url.startsWith('electron/service/')) return 'electron/service';
  if (url.startsWith('electron/snapshot/')) return 'electron/snapshot (store)';
  if (url.startsWith('shared/')) return 'shared (codecs, types)';
  if (url.startsWith('node_modules/')) return url.split('/').slice(0, 2).join('/');
  if (url.startsWith('node:internal/deps/undici') || url.includes('undici')) return 'undici (Request/Response/Headers)';
  if (url.startsWith('node:internal/http') || url.startsWith('node:_http') || url.startsWith('node:http')) return 'node:http';
  if (url.startsWith('node:internal/webstreams') || url.includes('webstreams')) return 'web streams';
  if (url.startsWith('node:internal/url') || url === 'node:url') return 'node:url (URL parsing)';
  if (url.startsWith('node:')) return 'other node: internals';
  return url;
}

/** Milliseconds by key, largest first, as Markdown table rows with a share of `total`. */
function rows(map: Map<string, number>, total: number, count: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `| ${key.replaceAll('|', '\\|')} | ${(us / 1000).toFixed(0)} | ${((us / total) * 100).toFixed(1)}% |`);
}

/** A Markdown summary of a CPU profile, excluding idle time from the shares. */
export function summarizeCpuProfile(path: string, top = 25): string {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const id = profile.samples[i] ?? 0;
    const delta = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (node === undefined) continue;
    if (node.callFrame.functionName === '(idle)') {
      idle += delta;
      continue;
    }
    busy += delta;
    const key = functionKey(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + delta);
    const group = area(node.callFrame);
    areas.set(group, (areas.get(group) ?? 0) + delta);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame === undefined || frame.functionName === '(root)') continue;
      const name = functionKey(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
    }
  }
  return [
    `CPU profile of the serve process: ${(busy / 1000).toFixed(0)} ms busy, ${(idle / 1000).toFixed(0)} ms idle. Shares are of busy time.`,
    '',
    '| self time by area | ms | share |',
    '|---|---:|---:|',
    ...rows(areas, busy, top),
    '',
    '| function (self time) | ms | share |',
    '|---|---:|---:|',
    ...rows(self, busy, top),
    '',
    '| function (inclusive time) | ms | share |',
    '|---|---:|---:|',
    ...rows(inclusive, busy, top),
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

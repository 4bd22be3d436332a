/**
 * The CPU a server-side rendered page costs the service (electron/service/ssr-page.ts): per HTML navigation, the
 * process's user + system CPU while answering a UI path with the page drawn in — the render and the reads it makes
 * in-process — against answering the plain index.html. In-process (the real service over the bench's snapshot, the
 * real built UI and render bundle, no HTTP), after warm-up renders, so both read replies the service has cached.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createReadService } from '../../electron/service/read-service.ts';
import { DEFAULT_SSR_LIMITS, loadSsrPages } from '../../electron/service/ssr-page.ts';
import { loadStaticUi, withStaticUi } from '../../electron/service/static-ui.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';

/** CPU per navigation of one page. */
export interface SsrCpu {
  readonly path: string;
  /** CPU µs per navigation answered with the page drawn in. */
  readonly renderedUs: number;
  /** Whether the answers carried the drawn page (false: the render gave up and the plain page went out). */
  readonly rendered: boolean;
}

async function cpuPer(times: number, run: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < times; i += 1) await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / times;
}

/** Measures `paths` on `snapshot` with the UI built in `ui`; `plainUs` is the plain index.html's CPU per answer. */
export async function measureSsrCpu(
  snapshot: string,
  ui: string,
  paths: readonly string[],
  times = 20,
): Promise<{ pages: SsrCpu[]; plainUs: number; limits: typeof DEFAULT_SSR_LIMITS }> {
  const store = SnapshotStore.open(snapshot);
  try {
    const service = createReadService({ store });
    const loaded = loadStaticUi(ui, { pages: loadSsrPages });
    if (loaded === undefined) throw new Error(`no UI in ${ui}`);
    const handler = withStaticUi(service, loaded);
    const index = readFileSync(join(ui, 'index.html'), 'utf8');
    const pages: SsrCpu[] = [];
    for (const path of paths) {
      const get = async (): Promise<string> => (await handler(new Request(`http://127.0.0.1${path}`))).text();
      for (let i = 0; i < 3; i += 1) await get(); // warm: the bundle's code, the service's reply cache
      const rendered = (await get()) !== index;
      pages.push({ path, renderedUs: await cpuPer(times, get), rendered });
    }
    // The plain page: a HEAD is never rendered (static-ui.ts), its reply is the plain index.html's.
    const plainUs = await cpuPer(times * 10, async () =>
      (await handler(new Request('http://127.0.0.1/accounts/0x1', { method: 'HEAD' }))).arrayBuffer(),
    );
    return { pages, plainUs, limits: DEFAULT_SSR_LIMITS };
  } finally {
    store.close();
  }
}

/**
 * The `<link rel="modulepreload">` tags a server-rendered page carries in its head (ssr-page.ts): the code that
 * hydrates it — the app's mount chunk (React DOM, the frame) and the page's lazy views, each with the chunks it
 * imports — is known when the HTML is made, so the browser fetches and compiles it while it parses the page, instead
 * of after the entry has run and asked for it (renderer/main.tsx): fewer round trips between the page's first paint
 * and its controls going live (renderer/app/early-input.ts). The file names come from the client build's manifest,
 * which `vite build` writes beside the render bundle (vite.config.ts), in the folder never served as files.
 */
import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';

/** One chunk of the manifest: its file and the manifest keys of the chunks it imports statically. */
interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
}

/** The source of the chunk every hydrating page loads (renderer/main.tsx imports it). */
const MOUNT_SOURCE = 'app/mount.tsx';

function isChunk(value: unknown): value is ManifestChunk {
  if (typeof value !== 'object' || value === null || !('file' in value) || typeof value.file !== 'string') return false;
  return !('imports' in value) || (Array.isArray(value.imports) && value.imports.every((i) => typeof i === 'string'));
}

function readManifest(root: string): Map<string, ManifestChunk> | undefined {
  const path = join(root, 'ssr', 'client-manifest.json');
  try {
    if (!lstatSync(path).isFile() || !realpathSync(path).startsWith(root + sep)) return undefined;
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    return new Map(Object.entries(parsed).filter((entry): entry is [string, ManifestChunk] => isChunk(entry[1])));
  } catch {
    return undefined; // no manifest (an older build): pages go without preload links
  }
}

/** `ResourcesPanel` → `resources-panel`: a view's file is named after its export (kebab-case file names). */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter, at: number) => `${at === 0 ? '' : '-'}${letter.toLowerCase()}`);
}

/**
 * The tags for a page of the UI in `root` around `page` (its index.html, whose own script and preloads are not
 * repeated), by the page's lazy views (their export names); undefined when the build has no manifest.
 */
export function loadModulePreloads(root: string, page: string): ((views: readonly string[]) => string) | undefined {
  const manifest = readManifest(root);
  if (manifest === undefined || !manifest.has(MOUNT_SOURCE)) return undefined;
  const inPage = new Set([...page.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1]));
  const filesOf = (key: string, into: Set<string>): void => {
    const chunk = manifest.get(key);
    if (chunk === undefined || into.has(`/${chunk.file}`)) return;
    into.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) filesOf(imported, into);
  };
  const tagsByViews = new Map<string, string>();
  return (views) => {
    const known = tagsByViews.get(views.join(' '));
    if (known !== undefined) return known;
    const files = new Set<string>();
    filesOf(MOUNT_SOURCE, files);
    for (const view of views) {
      const suffix = `/${kebab(view)}.tsx`;
      const viewKey = [...manifest.keys()].find((key) => key.endsWith(suffix));
      if (viewKey !== undefined) filesOf(viewKey, files);
    }
    const tags = [...files]
      .filter((file) => !inPage.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
      .join('');
    tagsByViews.set(views.join(' '), tags);
    return tags;
  };
}

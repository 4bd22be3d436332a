/**
 * The active data source behind app://…/v1 and /explorer: a snapshot (served by a supervised child
 * process) or a remote node. Switching opens the new source first and closes the old one only once
 * the new one works, so a bad file never leaves the app without data. No electron import: the
 * openers are injected (real ones in source-openers.ts), so this logic is tested without Electron.
 */
import { statSync } from 'node:fs';
import { basename, isAbsolute } from 'node:path';
import type { ConnectNodeRequest, DesktopSource } from '../../../shared/ipc-contract.ts';
import { isNodeProfileName, NODE_PROFILES, resolveNodeUrl } from '../../../shared/node-profiles.ts';
import { MAX_CUSTOM_NODES, MAX_RECENT, type SourceRef, type StoredSettings } from '../settings/settings-schema.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { errorRecordJson } from '../../../shared/api/error-record.ts';

/** An open source: what it is, its fetch-style handler, and how to close it. */
export interface OpenSource {
  readonly info: DesktopSource;
  readonly handle: (request: Request) => Promise<Response>;
  close(): void;
}

/** Options of a remote source (as `createRemoteService` takes them). */
export interface RemoteOptions {
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly profileName: string;
}

/** An opened source's handler; closing it releases the source (and cancels its work in flight). */
export type SourceHandle = OpenSource['handle'] & { close(): void };

/** How sources are opened. */
export interface SourceOpeners {
  /** Opens a snapshot file (the sample is generated first when `sample` and missing). */
  snapshot(path: string, sample: boolean): Promise<SourceHandle>;
  /** Connects to a remote node. */
  remote(options: RemoteOptions): Promise<SourceHandle>;
}

/** An error with a one-line message meant for the user (IPC rejects with it). */
export class SourceError extends Error {}

/** A switch that finished after a later one was asked for: its source was closed unused. */
export class SourceSuperseded extends SourceError {}

/** The `DesktopSource` a stored reference describes. */
export function describeSource(ref: SourceRef): DesktopSource {
  switch (ref.kind) {
    case 'snapshot':
      return { kind: 'snapshot', path: ref.path, name: basename(ref.path), sample: ref.sample };
    case 'remote': {
      // `name` is what the node proxy reports as its source name: the profile name or the URL's host.
      if (isNodeProfileName(ref.node))
        return { kind: 'remote', profile: ref.node, name: ref.node, url: NODE_PROFILES[ref.node].url };
      return { kind: 'remote', profile: 'custom', name: hostOf(ref.node), url: ref.node };
    }
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Holds the active source and switches it. */
export class SourceManager {
  readonly #openers: SourceOpeners;
  readonly #settings: SettingsStore;
  readonly #samplePath: string;
  readonly #onChanged: (source: DesktopSource) => void;
  #active: OpenSource | undefined;
  /** Counts switch requests: only the latest one may become active, whatever order they finish in. */
  #generation = 0;

  constructor(options: {
    openers: SourceOpeners;
    settings: SettingsStore;
    samplePath: string;
    onChanged: (source: DesktopSource) => void;
  }) {
    this.#openers = options.openers;
    this.#settings = options.settings;
    this.#samplePath = options.samplePath;
    this.#onChanged = options.onChanged;
  }

  /** The active source, `null` before the first one opened. */
  current(): DesktopSource | null {
    return this.#active?.info ?? null;
  }

  /** Answers an API request from the active source (503 error record while there is none). */
  handle(request: Request): Promise<Response> {
    if (!this.#active) {
      const body = errorRecordJson('no data source is open yet', 'internal_error');
      return Promise.resolve(new Response(body, { status: 503, headers: { 'Content-Type': 'application/json' } }));
    }
    return this.#active.handle(request);
  }

  /** Opens a snapshot file given by the user (dialog, drop, command line, file association). */
  async openSnapshot(path: string): Promise<DesktopSource> {
    if (!isAbsolute(path)) throw new SourceError(`not an absolute path: ${path}`);
    let isFile: boolean;
    try {
      isFile = statSync(path).isFile();
    } catch {
      throw new SourceError(`no such file: ${path}`);
    }
    if (!isFile) throw new SourceError(`not a file: ${path}`);
    return this.#open({ kind: 'snapshot', path, sample: path === this.#samplePath });
  }

  /** Opens the sample snapshot, generating it on first use (in the service process). */
  openSample(): Promise<DesktopSource> {
    return this.#open({ kind: 'snapshot', path: this.#samplePath, sample: true });
  }

  /** Connects to a node profile or custom URL. */
  async connectNode(request: ConnectNodeRequest): Promise<DesktopSource> {
    let node: string;
    try {
      node = 'profile' in request ? resolveNodeProfile(request.profile) : resolveNodeUrl(request.url);
    } catch (error) {
      throw new SourceError(error instanceof Error ? error.message : String(error));
    }
    return this.#open({ kind: 'remote', node });
  }

  /** Reopens the last source; falls back to the sample when it cannot be opened (moved file, bad URL). */
  async reopenLast(): Promise<DesktopSource> {
    const last = this.#settings.current.lastSource;
    if (last) {
      try {
        return await this.#open(last);
      } catch (error) {
        console.error(`could not reopen the last source: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return this.openSample();
  }

  /** Closes the active source (app quit). */
  close(): void {
    this.#generation++; // a switch still opening is closed when it finishes
    this.#active?.close();
    this.#active = undefined;
  }

  async #open(ref: SourceRef): Promise<DesktopSource> {
    const generation = ++this.#generation;
    const info = describeSource(ref);
    let opened: OpenSource;
    try {
      opened = await this.#start(ref, info);
    } catch (error) {
      const message = error instanceof Error ? (error.message.split('\n')[0] ?? 'cannot open') : String(error);
      // A failure of a switch the user has already moved on from is not worth an error box.
      throw generation === this.#generation ? new SourceError(message) : new SourceSuperseded(message);
    }
    if (generation !== this.#generation) {
      opened.close();
      throw new SourceSuperseded(`${info.name} was not opened: another source was chosen meanwhile`);
    }
    const previous = this.#active;
    this.#active = opened;
    previous?.close();
    this.#settings.update((settings) => remember(settings, ref));
    this.#onChanged(info);
    return info;
  }

  async #start(ref: SourceRef, info: DesktopSource): Promise<OpenSource> {
    switch (ref.kind) {
      case 'snapshot': {
        const handle = await this.#openers.snapshot(ref.path, ref.sample);
        return { info, handle, close: () => handle.close() };
      }
      case 'remote': {
        const apiKey = this.#settings.apiKey(ref.node);
        const node = info.kind === 'remote' ? info : { name: ref.node, url: ref.node };
        const handle = await this.#openers.remote({ baseUrl: node.url, apiKey, profileName: node.name });
        return { info, handle, close: () => handle.close() };
      }
    }
  }
}

function resolveNodeProfile(name: string): string {
  if (!isNodeProfileName(name)) throw new Error(`unknown node profile "${name}"`);
  return name;
}

/** The settings after opening `ref`: last source, recent snapshots (not the sample), custom nodes. */
function remember(settings: StoredSettings, ref: SourceRef): StoredSettings {
  const next: StoredSettings = { ...settings, lastSource: ref };
  if (ref.kind === 'snapshot' && !ref.sample) {
    const others = settings.recentSnapshots.filter((entry) => entry.path !== ref.path);
    next.recentSnapshots = [{ path: ref.path, openedAt: Date.now() }, ...others].slice(0, MAX_RECENT);
  }
  if (ref.kind === 'remote' && !isNodeProfileName(ref.node)) {
    next.customNodes = [ref.node, ...settings.customNodes.filter((url) => url !== ref.node)].slice(0, MAX_CUSTOM_NODES);
  }
  return next;
}

/**
 * Runs the snapshot service in a child process and restarts it when it dies. The child is started
 * through a {@link LaunchServiceChild} (an Electron `utilityProcess` in the app, `child_process.fork`
 * in tests), so this module never imports electron and its restart logic is tested on real processes.
 *
 * Requests in flight when the child dies are answered 503 (the node's error record); the next
 * requests wait for the restarted child. After {@link MAX_RESTARTS} restarts in a row without a
 * successful reply in between, it gives up: every request is then 503 until the source is reopened.
 */
import type { FromServiceMessage, HeaderPair, ReplyMessage, ToServiceMessage } from './service-messages.ts';
import { isFromServiceMessage } from './service-messages.ts';

/** A started service child, as the supervisor needs it. */
export interface ServiceChild {
  postMessage(message: ToServiceMessage): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called once when the child has exited; `reason` is one line (exit code or signal). */
  onExit(listener: (reason: string) => void): void;
  kill(): void;
}

/** Starts a new service child. */
export type LaunchServiceChild = () => ServiceChild;

/** Options of {@link ServiceSupervisor.start}. */
export interface SupervisorOptions {
  readonly launch: LaunchServiceChild;
  readonly path: string;
  readonly generateIfMissing: boolean;
  /** Where captures from this snapshot are written (`null`/absent: captures off). */
  readonly capturesFolder?: string | null | undefined;
  /** Told after each restart (the main process forwards it to the renderer). */
  readonly onRestarted?: ((restarts: number, reason: string) => void) | undefined;
}

/** Restarts in a row (without a reply in between) after which the supervisor gives up. */
export const MAX_RESTARTS = 5;

interface Pending {
  readonly resolve: (reply: ReplyMessage) => void;
}

const JSON_HEADERS: readonly HeaderPair[] = [['Content-Type', 'application/json']];

function unavailable(id: number, message: string): ReplyMessage {
  return { type: 'reply', id, status: 503, headers: JSON_HEADERS, body: JSON.stringify({ message, error_code: 'internal_error', vm_error_code: null }) };
}

/** Keeps one service child alive for one snapshot and forwards requests to it. */
export class ServiceSupervisor {
  readonly #options: SupervisorOptions;
  readonly #pending = new Map<number, Pending>();
  #child: ServiceChild | undefined;
  #ready: Promise<void> = Promise.resolve();
  #nextId = 1;
  #restarts = 0;
  #restartsInARow = 0;
  #stopped = false;
  /** False until the first child opened the snapshot: a child that dies before that fails `start`, no restart. */
  #started = false;
  #failure: string | undefined;

  private constructor(options: SupervisorOptions) {
    this.#options = options;
  }

  /** Starts the child and resolves once the snapshot is open; rejects with the child's one-line error. */
  static async start(options: SupervisorOptions): Promise<ServiceSupervisor> {
    const supervisor = new ServiceSupervisor(options);
    try {
      await supervisor.#spawn();
      supervisor.#started = true;
    } catch (error) {
      supervisor.stop();
      throw error;
    }
    return supervisor;
  }

  /** How many times the child was restarted. */
  get restarts(): number {
    return this.#restarts;
  }

  /** Sends a request and resolves with the reply (503 when the child died or the supervisor gave up). */
  async request(method: string, url: string, headers: readonly HeaderPair[], body: Uint8Array): Promise<ReplyMessage> {
    const id = this.#nextId++;
    try {
      await this.#ready;
    } catch {
      // The restart failed; #failure says why.
    }
    const child = this.#child;
    if (this.#stopped || this.#failure !== undefined || !child) return unavailable(id, this.#failure ?? 'the snapshot service is not running');
    return new Promise<ReplyMessage>((resolve) => {
      this.#pending.set(id, { resolve });
      child.postMessage({ type: 'request', id, method, url, headers, body });
    });
  }

  /** Stops the child for good (no restart). */
  stop(): void {
    this.#stopped = true;
    this.#child?.kill();
    this.#child = undefined;
    this.#failAll('the snapshot service was stopped');
  }

  #failAll(message: string): void {
    for (const [id, pending] of this.#pending) pending.resolve(unavailable(id, message));
    this.#pending.clear();
  }

  #spawn(): Promise<void> {
    const child = this.#options.launch();
    this.#child = child;
    let opened: ((error: string | null) => void) | undefined;
    const ready = new Promise<void>((resolve, reject) => {
      opened = (error) => (error === null ? resolve() : reject(new Error(error)));
    });
    child.onMessage((message) => {
      if (!isFromServiceMessage(message)) return;
      this.#onMessage(child, message, opened);
    });
    child.onExit((reason) => {
      opened?.(`the snapshot service stopped before opening the snapshot (${reason})`);
      opened = undefined;
      if (this.#child !== child) return;
      if (this.#started) this.#onCrash(reason);
      else this.#child = undefined;
    });
    child.postMessage({ type: 'open', path: this.#options.path, generateIfMissing: this.#options.generateIfMissing, capturesFolder: this.#options.capturesFolder ?? null });
    this.#ready = ready;
    return ready;
  }

  #onMessage(child: ServiceChild, message: FromServiceMessage, opened: ((error: string | null) => void) | undefined): void {
    switch (message.type) {
      case 'opened':
        if (message.error !== null) {
          // Alive but unable to open: no point restarting it.
          if (this.#child === child) this.#child = undefined;
          child.kill();
        }
        opened?.(message.error);
        return;
      case 'reply': {
        const pending = this.#pending.get(message.id);
        if (!pending) return;
        this.#pending.delete(message.id);
        this.#restartsInARow = 0;
        pending.resolve(message);
        return;
      }
    }
  }

  #onCrash(reason: string): void {
    this.#child = undefined;
    this.#failAll(`the snapshot service stopped (${reason}); it is being restarted`);
    if (this.#stopped) return;
    if (this.#restartsInARow >= MAX_RESTARTS) {
      this.#failure = `the snapshot service stopped ${MAX_RESTARTS + 1} times in a row (${reason}); reopen the snapshot`;
      return;
    }
    this.#restartsInARow++;
    this.#restarts++;
    this.#spawn().then(
      () => this.#options.onRestarted?.(this.#restarts, reason),
      (error: unknown) => {
        // A child that died while opening is restarted by #onCrash itself; only a refusal ends it.
        if (this.#child !== undefined || this.#stopped) return;
        this.#failure = `the snapshot service could not be restarted: ${error instanceof Error ? error.message : String(error)}`;
      },
    );
  }
}

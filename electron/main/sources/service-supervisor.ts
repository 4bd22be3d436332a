/**
 * Runs the data service (a snapshot or a remote node, see service-entry.ts) in a child process and
 * restarts it when it dies. The child is started through a {@link LaunchServiceChild} (an Electron
 * `utilityProcess` in the app, `child_process.fork` in tests), so this module never imports
 * electron and its restart logic is tested on real processes.
 *
 * Requests in flight when the child dies are answered 503 (the node's error record); the next
 * requests wait for the restarted child. After {@link MAX_RESTARTS} restarts in a row without a
 * successful reply in between, it gives up: every request is then 503 until the source is reopened.
 * A request the child does not answer in time means a live but hung child (a pathological query, a stuck read):
 * it is killed and restarted like a crashed one, and every request it held is answered 503 naming the request that
 * timed out — otherwise each later request would wait out its own deadline on the same hung child, for ever.
 */
import type { FromServiceMessage, HeaderPair, ReplyMessage, SourceSpec, ToServiceMessage } from './service-messages.ts';
import { isFromServiceMessage } from './service-messages.ts';
import { errorRecordJson } from '../../../shared/api/error-record.ts';
import { API_SECURITY_HEADERS } from '../../service/responses.ts';

/** A started service child, as the supervisor needs it. */
export interface ServiceChild {
  postMessage(message: ToServiceMessage): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called once when the child has exited; `reason` is one line (exit code or signal). */
  onExit(listener: (reason: string) => void): void;
  /** Ends the child: `SIGTERM` (default) lets it exit, `SIGKILL` ends one that stopped answering at once. */
  kill(signal?: 'SIGTERM' | 'SIGKILL'): void;
}

/** Starts a new service child. */
export type LaunchServiceChild = () => ServiceChild;

/** Options of {@link ServiceSupervisor.start}. */
export interface SupervisorOptions {
  readonly launch: LaunchServiceChild;
  /** What the child serves. */
  readonly source: SourceSpec;
  /** Where captures from this source are written (`null`/absent: captures off). */
  readonly capturesFolder?: string | null | undefined;
  /** Told after each restart (the main process forwards it to the renderer). */
  readonly onRestarted?: ((restarts: number, reason: string) => void) | undefined;
  /** How long a request may wait for its reply before it is answered 503. Default {@link requestTimeoutMs}. */
  readonly timeoutMs?: ((method: string, url: string) => number) | undefined;
}

/** Restarts in a row (without a reply in between) after which the supervisor gives up. */
export const MAX_RESTARTS = 5;

/** How long a stopped child may take to cancel its work and exit before it is killed. */
const STOP_GRACE_MS = 2_000;

/**
 * The default time a request may take: longer than the remote source's worst case (3 attempts of
 * at most 30 s, backoff and a 10 s `Retry-After` between them), and a generous bound for captures,
 * which read many accounts in one request.
 */
export function requestTimeoutMs(method: string, url: string): number {
  const capture = method === 'POST' && /^\/explorer\/v1\/capture\/?$/.test(new URL(url).pathname);
  return capture ? 30 * 60_000 : 3 * 60_000;
}

interface Pending {
  readonly resolve: (reply: ReplyMessage) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** Headers of the 503s made here: JSON, with the security headers every API reply carries. */
const JSON_HEADERS: readonly HeaderPair[] = [['Content-Type', 'application/json'], ...API_SECURITY_HEADERS];

function unavailable(id: number, message: string): ReplyMessage {
  return {
    type: 'reply',
    id,
    status: 503,
    headers: JSON_HEADERS,
    body: errorRecordJson(message, 'internal_error'),
  };
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

  /** Starts the child and resolves once the source is open; rejects with the child's one-line error. */
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
    if (this.#stopped || this.#failure !== undefined || !child)
      return unavailable(id, this.#failure ?? 'the data service is not running');
    const timeoutMs = (this.#options.timeoutMs ?? requestTimeoutMs)(method, url);
    return new Promise<ReplyMessage>((resolve) => {
      const timer = setTimeout(() => {
        const limit = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`;
        const cause = `did not answer ${method} ${new URL(url).pathname} within ${limit}`;
        // A late reply finds no pending entry and is dropped.
        this.#pending.delete(id);
        resolve(unavailable(id, `the data service ${cause}; it is being restarted`));
        if (this.#child === child) this.#onHung(child, cause);
      }, timeoutMs);
      this.#pending.set(id, { resolve, timer });
      child.postMessage({ type: 'request', id, method, url, headers, body });
    });
  }

  /**
   * Stops the child for good (no restart): it is asked to cancel its work (a remote source aborts
   * its node requests) and exit, and killed if it has not within a grace period.
   */
  stop(): void {
    this.#stopped = true;
    const child = this.#child;
    this.#child = undefined;
    this.#failAll('the data service was stopped');
    if (!child) return;
    let exited = false;
    child.onExit(() => (exited = true));
    try {
      child.postMessage({ type: 'close' });
    } catch {
      // Already gone: the kill below is harmless.
    }
    setTimeout(() => {
      // Still there after the grace period: hung (a stopped process would never act on SIGTERM either).
      if (!exited) child.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
  }

  #failAll(message: string): void {
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      pending.resolve(unavailable(id, message));
    }
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
      opened?.(`the data service stopped before opening the source (${reason})`);
      opened = undefined;
      if (this.#child !== child) return;
      if (this.#started) this.#onCrash(reason);
      else this.#child = undefined;
    });
    child.postMessage({
      type: 'open',
      source: this.#options.source,
      capturesFolder: this.#options.capturesFolder ?? null,
    });
    this.#ready = ready;
    return ready;
  }

  #onMessage(
    child: ServiceChild,
    message: FromServiceMessage,
    opened: ((error: string | null) => void) | undefined,
  ): void {
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
        clearTimeout(pending.timer);
        this.#pending.delete(message.id);
        this.#restartsInARow = 0;
        pending.resolve(message);
        return;
      }
    }
  }

  /** A live child that missed a deadline: killed at once (it is not answering, a grace period helps nothing). */
  #onHung(child: ServiceChild, cause: string): void {
    this.#onCrash(cause, `the data service ${cause}; it is being restarted`);
    try {
      child.kill('SIGKILL');
    } catch {
      // Already gone: its exit finds another child in place and is ignored.
    }
  }

  #onCrash(reason: string, message = `the data service stopped (${reason}); it is being restarted`): void {
    this.#child = undefined;
    this.#failAll(message);
    if (this.#stopped) return;
    if (this.#restartsInARow >= MAX_RESTARTS) {
      this.#failure = `the data service stopped ${MAX_RESTARTS + 1} times in a row (${reason}); reopen the source`;
      return;
    }
    this.#restartsInARow++;
    this.#restarts++;
    this.#spawn().then(
      () => this.#options.onRestarted?.(this.#restarts, reason),
      (error: unknown) => {
        // A child that died while opening is restarted by #onCrash itself; only a refusal ends it.
        if (this.#child !== undefined || this.#stopped) return;
        const detail = error instanceof Error ? error.message : String(error);
        this.#failure = `the data service could not be restarted: ${detail}`;
      },
    );
  }
}

/**
 * Progress of long commands (generate, verify, info --digest; capture and upgrade may call it too) on stderr: what is
 * being done, how far, and the rate. On a terminal it redraws one line in place; elsewhere it stays quiet unless asked
 * (`--progress`), and then writes a line per phase and at most one update a second, so logs stay readable. The work
 * itself only calls {@link Progress}; {@link NO_PROGRESS} costs nothing.
 */

/** Told how far a long task has come. */
export interface Progress {
  /** Starts a phase: what is being done, out of how many `unit`s (undefined when not known in advance). */
  phase(what: string, total?: number, unit?: string): void;
  /** `done` units of the current phase are done (cheap: call it as often as convenient). */
  update(done: number): void;
  /** The task ended (or failed): ends the current phase and clears a terminal's progress line. */
  end(): void;
}

/** A progress that shows nothing. */
export const NO_PROGRESS: Progress = { phase: () => undefined, update: () => undefined, end: () => undefined };

/** Where progress is written: stderr, or anything with its `isTTY` and `write`. */
export interface ProgressStream {
  readonly isTTY?: boolean | undefined;
  write(text: string): unknown;
}

/** How to report: `force` shows progress on a stream that is not a terminal; `now` is the clock (ms). */
export interface ProgressOptions {
  readonly force?: boolean | undefined;
  readonly now?: (() => number) | undefined;
}

const TERMINAL_INTERVAL_MS = 100;
const LOG_INTERVAL_MS = 1_000;
const count = (n: number): string => Math.round(n).toLocaleString('en');

/**
 * A progress on `stream`: drawn in place on a terminal, written as lines when `force`d elsewhere, else none at all.
 */
export function progressReporter(stream: ProgressStream, options: ProgressOptions = {}): Progress {
  const terminal = stream.isTTY === true;
  if (!terminal && options.force !== true) return NO_PROGRESS;
  const now = options.now ?? (() => performance.now());
  let what = '';
  let total: number | undefined;
  let unit = '';
  let started = 0;
  let done = 0;
  let drawn = -Infinity;
  let open = false;

  const describe = (): string => {
    const seconds = (now() - started) / 1000;
    if (unit === '') return `${what}…`;
    if (done === 0) return total === undefined ? `${what}…` : `${what}: ${count(total)} ${unit}…`;
    const rate = seconds > 0 ? `, ${count(done / seconds)} ${unit}/s` : '';
    const of = total === undefined ? '' : ` of ${count(total)}`;
    const share = total ? ` (${Math.min(100, Math.floor((100 * done) / total))}%)` : '';
    return `${what}: ${count(done)}${of} ${unit}${share}${rate}`;
  };
  const draw = (): void => {
    drawn = now();
    if (terminal) stream.write(`\r\x1b[K${describe()}`);
    else stream.write(`${describe()}\n`);
  };
  const close = (): void => {
    if (!open) return;
    open = false;
    const seconds = ((now() - started) / 1000).toFixed(1);
    if (terminal) stream.write('\r\x1b[K');
    else stream.write(`${what}: done${unit === '' ? '' : `, ${count(done)} ${unit}`} in ${seconds} s\n`);
  };
  return {
    phase(nextWhat, nextTotal, nextUnit = '') {
      close();
      what = nextWhat;
      total = nextTotal;
      unit = nextUnit;
      done = 0;
      started = now();
      open = true;
      draw();
    },
    update(nextDone) {
      done = nextDone;
      if (open && now() - drawn >= (terminal ? TERMINAL_INTERVAL_MS : LOG_INTERVAL_MS)) draw();
    },
    end: close,
  };
}

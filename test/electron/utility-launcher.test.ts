/**
 * The desktop app's launcher over Electron's `utilityProcess` (mocked: no binary here): a fatal error the utility
 * process reports is logged and named in its exit reason instead of throwing in the main process, and a hung service
 * is ended with SIGKILL (checked on a real, stopped process).
 */
import { fork } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./fake-electron.ts'));

const { serviceChildOf } = await import('../../electron/main/sources/utility-launcher.ts');

/** A stand-in utility process: events as Electron emits them, kill recorded. */
class FakeUtilityProcess extends EventEmitter {
  readonly killed = vi.fn(() => true);
  readonly pid: number | undefined;
  constructor(pid: number | undefined) {
    super();
    this.pid = pid;
  }
  kill(): boolean {
    return this.killed();
  }
  postMessage(): void {}
}

describe('the utility-process launcher', () => {
  it("listens for the process's 'error' event (a fatal V8 error) and names it in the exit reason", () => {
    const unguarded = new FakeUtilityProcess(1);
    expect(() => unguarded.emit('error', 'FatalError', 'v8::Heap', '{}')).toThrow();

    const utility = new FakeUtilityProcess(1);
    const child = serviceChildOf(utility as never);
    const reasons: string[] = [];
    child.onExit((reason) => reasons.push(reason));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => utility.emit('error', 'FatalError', 'v8::Heap::OOM', '{"report":1}')).not.toThrow();
    utility.emit('exit', 134);
    expect(reasons).toEqual(['exit code 134, FatalError at v8::Heap::OOM']);
    expect(logged).toHaveBeenCalledWith('data service: FatalError at v8::Heap::OOM');
    logged.mockRestore();
  });

  it('reports a plain exit by its code', () => {
    const utility = new FakeUtilityProcess(1);
    const reasons: string[] = [];
    serviceChildOf(utility as never).onExit((reason) => reasons.push(reason));
    utility.emit('exit', 0);
    expect(reasons).toEqual(['exit code 0']);
  });

  it('stops a child gracefully by default and kills a hung (stopped) one with SIGKILL', async () => {
    const graceful = new FakeUtilityProcess(undefined);
    serviceChildOf(graceful as never).kill();
    expect(graceful.killed).toHaveBeenCalledOnce();

    const real = fork('-e', ['setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const exited = once(real, 'exit');
    real.kill('SIGSTOP');
    const stand = new FakeUtilityProcess(real.pid);
    serviceChildOf(stand as never).kill('SIGKILL');
    expect(await exited).toEqual([null, 'SIGKILL']);
    expect(stand.killed).not.toHaveBeenCalled();
  });
});

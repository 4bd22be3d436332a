/**
 * A live service child that stops answering (stood in for by SIGSTOP: alive, holding its requests, never replying)
 * is killed and restarted when a request misses its deadline — without that, every later request would wait out its
 * own deadline on the same hung child and get a 503, for ever. The children run the bundled service entry the app
 * ships (built-service-entry.ts), forked as plain Node in place of Electron's utility process.
 */
import { once } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceSupervisor } from '../../electron/main/sources/service-supervisor.ts';
import type { ReplyMessage } from '../../electron/main/sources/service-messages.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useBuiltServiceEntry } from './built-service-entry.ts';
import { forkLauncher } from './fork-launcher.ts';

const entry = useBuiltServiceEntry();

const running: ServiceSupervisor[] = [];
/** The children lists of every launcher (restarts included), killed after each test if still there. */
const started: ChildProcess[][] = [];
afterEach(() => {
  for (const supervisor of running.splice(0)) supervisor.stop();
  // A stopped child left by a failing test would outlive the run (and hold the runner's output pipes open).
  for (const child of started.splice(0).flat())
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function message(reply: ReplyMessage): string {
  const text = typeof reply.body === 'string' ? reply.body : new TextDecoder().decode(reply.body ?? new Uint8Array());
  const record = JSON.parse(text) as { message: string; error_code: string; vm_error_code: unknown };
  expect(record).toMatchObject({ error_code: 'internal_error', vm_error_code: null });
  return record.message;
}

/** A supervisor on the small fixture whose reads wait `deadline.ms`; restarts are recorded. */
async function start(deadline: { ms: number }) {
  const launcher = forkLauncher(entry());
  started.push(launcher.children);
  const restarts: Array<[number, string]> = [];
  let restarted: () => void = () => {};
  const nextRestart = () => new Promise<void>((resolve) => (restarted = resolve));
  const supervisor = await ServiceSupervisor.start({
    launch: launcher.launch,
    source: { kind: 'snapshot', path: fixturePath('small'), generateIfMissing: false },
    // The source route of the explorer API gets a long deadline, so only the ledger read can time out.
    timeoutMs: (_method, url) => (new URL(url).pathname.startsWith('/explorer/') ? 120_000 : deadline.ms),
    onRestarted: (count, reason) => {
      restarts.push([count, reason]);
      restarted();
    },
  });
  running.push(supervisor);
  return { supervisor, children: launcher.children, restarts, nextRestart };
}

function first(children: ChildProcess[]): ChildProcess {
  const child = children[0];
  if (!child) throw new Error('no child started');
  return child;
}

describe('a hung service child', () => {
  it('is killed and restarted when a request misses its deadline; the request gets a 503 naming why', async () => {
    const deadline = { ms: 400 };
    const { supervisor, children, restarts, nextRestart } = await start(deadline);
    const hung = first(children);
    const exited = once(hung, 'exit');
    const restarted = nextRestart();
    hung.kill('SIGSTOP'); // alive, never answers

    const reply = await supervisor.request('GET', 'app://ledger-explorer/v1', [], new Uint8Array());
    expect(reply.status).toBe(503);
    expect(message(reply)).toMatch(/^the data service did not answer GET \/v1 within 400 ms; it is being restarted$/);

    // SIGKILL: a stopped process never acts on SIGTERM.
    expect(await exited).toEqual([null, 'SIGKILL']);
    await restarted;
    expect(restarts).toEqual([[1, 'did not answer GET /v1 within 400 ms']]);
    expect(children).toHaveLength(2);
    expect(supervisor.restarts).toBe(1);

    // The service answers again, from the new child.
    deadline.ms = 120_000;
    const next = await supervisor.request('GET', 'app://ledger-explorer/v1', [], new Uint8Array());
    expect(next.status).toBe(200);
    expect(JSON.parse(String(next.body))).toMatchObject({ ledger_version: expect.any(String) });
  });

  it('answers every other request the hung child held 503, naming the request that timed out', async () => {
    const deadline = { ms: 400 };
    const { supervisor, children, nextRestart } = await start(deadline);
    const restarted = nextRestart();
    first(children).kill('SIGSTOP');
    const held = supervisor.request('GET', 'app://ledger-explorer/explorer/v1/source', [], new Uint8Array());
    const timedOut = await supervisor.request('GET', 'app://ledger-explorer/v1', [], new Uint8Array());
    expect(timedOut.status).toBe(503);
    // Without the restart, this one would wait its whole two minutes on the hung child.
    const other = await held;
    expect(other.status).toBe(503);
    expect(message(other)).toBe('the data service did not answer GET /v1 within 400 ms; it is being restarted');
    await restarted;
    const source = await supervisor.request('GET', 'app://ledger-explorer/explorer/v1/source', [], new Uint8Array());
    expect(source.status).toBe(200);
  });

  it('is killed when the source closes and it does not exit within the grace period', async () => {
    const { supervisor, children } = await start({ ms: 60_000 });
    const hung = first(children);
    const exited = once(hung, 'exit');
    hung.kill('SIGSTOP');
    const held = supervisor.request('GET', 'app://ledger-explorer/v1', [], new Uint8Array());
    await new Promise((resolve) => setImmediate(resolve)); // the request is sent to the child
    supervisor.stop();
    expect(message(await held)).toBe('the data service was stopped');
    expect(await exited).toEqual([null, 'SIGKILL']);
    expect(children).toHaveLength(1);
  });

  it('leaves a child alone that answers within the deadline', async () => {
    const { supervisor, children } = await start({ ms: 60_000 });
    for (let round = 0; round < 3; round++) {
      const reply = await supervisor.request('GET', 'app://ledger-explorer/v1', [], new Uint8Array());
      expect(reply.status).toBe(200);
    }
    expect(children).toHaveLength(1);
    expect(supervisor.restarts).toBe(0);
  });
});

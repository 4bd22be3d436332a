import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RESTARTS, ServiceSupervisor } from '../../electron/main/sources/service-supervisor.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { forkLauncher } from './fork-launcher.ts';

const running: ServiceSupervisor[] = [];
afterEach(() => {
  for (const supervisor of running.splice(0)) supervisor.stop();
});

async function startOn(path: string, onRestarted?: (restarts: number, reason: string) => void) {
  const launcher = forkLauncher();
  const supervisor = await ServiceSupervisor.start({ launch: launcher.launch, path, generateIfMissing: false, onRestarted });
  running.push(supervisor);
  return { supervisor, children: launcher.children };
}

function json(body: string | Uint8Array | null): unknown {
  return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body ?? new Uint8Array()));
}

describe('snapshot service off the main thread', () => {
  it('answers read requests from a child process', async () => {
    const { supervisor } = await startOn(fixturePath('small'));
    const reply = await supervisor.request('GET', 'app://ledger-explorer/v1', [['Accept', 'application/json']], new Uint8Array());
    expect(reply.status).toBe(200);
    expect(json(reply.body)).toMatchObject({ chain_id: expect.any(Number), ledger_version: expect.any(String) });
    expect(reply.headers.some(([name]) => name.toLowerCase() === 'x-aptos-ledger-version')).toBe(true);
  });

  it('restarts the service after a crash and tells the listener', async () => {
    const restarted: Array<[number, string]> = [];
    let told: () => void = () => {};
    const toldPromise = new Promise<void>((resolve) => (told = resolve));
    const { supervisor, children } = await startOn(fixturePath('small'), (restarts, reason) => {
      restarted.push([restarts, reason]);
      told();
    });
    const first = children[0];
    if (!first) throw new Error('no child started');
    const exited = once(first, 'exit');
    first.kill('SIGKILL');
    await exited;
    await toldPromise;
    expect(restarted).toEqual([[1, 'signal SIGKILL']]);
    expect(children).toHaveLength(2);
    const reply = await supervisor.request('GET', 'app://ledger-explorer/v1/accounts/0x1/resources?limit=1', [], new Uint8Array());
    expect(reply.status).toBe(200);
    expect(supervisor.restarts).toBe(1);
  });

  it('answers a request in flight 503 with the error record when the child dies', async () => {
    const { supervisor, children } = await startOn(fixturePath('small'));
    const first = children[0];
    if (!first) throw new Error('no child started');
    // A stopped child cannot answer: the request is in flight for sure when the child dies.
    first.kill('SIGSTOP');
    const replyPromise = supervisor.request('GET', 'app://ledger-explorer/v1', [], new Uint8Array());
    first.kill('SIGKILL');
    const reply = await replyPromise;
    expect(reply.status).toBe(503);
    expect(json(reply.body)).toMatchObject({ error_code: 'internal_error', vm_error_code: null });
    expect((json(reply.body) as { message: string }).message).toContain('restarted');
  });

  it('rejects a file that is not a snapshot with one line, without restarting', async () => {
    const bad = join(useTempDir(), 'not-a-snapshot.db');
    writeFileSync(bad, 'hello');
    const launcher = forkLauncher();
    const error = await ServiceSupervisor.start({ launch: launcher.launch, path: bad, generateIfMissing: false }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain('\n');
    expect(launcher.children).toHaveLength(1);
  });

  it('fails start without restarting when the child dies before opening the snapshot', async () => {
    const launcher = forkLauncher();
    let launches = 0;
    const error = await ServiceSupervisor.start({
      path: fixturePath('small'),
      generateIfMissing: false,
      launch: () => {
        launches += 1;
        const child = launcher.launch();
        child.kill(); // dies before it can answer the open message
        return child;
      },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/stopped before opening the snapshot/);
    expect(launches).toBe(1);
  });

  it('gives up after repeated crashes and answers 503', async () => {
    let restarted: () => void = () => {};
    const { supervisor, children } = await startOn(fixturePath('small'), () => restarted());
    for (let crash = 0; crash <= MAX_RESTARTS; crash++) {
      const child = children[crash];
      if (!child) throw new Error(`child ${crash} was not started`);
      // Each crash hits a service that has opened its snapshot again (restart reported), with no reply in between.
      const reopened = crash < MAX_RESTARTS ? new Promise<void>((resolve) => (restarted = resolve)) : Promise.resolve();
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
      await reopened;
    }
    expect(children).toHaveLength(MAX_RESTARTS + 1);
    const reply = await supervisor.request('GET', 'app://ledger-explorer/v1', [], new Uint8Array());
    expect(reply.status).toBe(503);
    expect((json(reply.body) as { message: string }).message).toMatch(/stopped 6 times in a row/);
  });
});

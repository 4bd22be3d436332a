import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RESTARTS, ServiceSupervisor } from '../../electron/main/sources/service-supervisor.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { sendJson, useFakeNode } from '../remote/fake-node.ts';
import { forkLauncher } from './fork-launcher.ts';

const node = useFakeNode();
const LEDGER = {
  chain_id: 2,
  epoch: '3',
  ledger_version: '1000',
  oldest_ledger_version: '10',
  ledger_timestamp: '1',
  node_role: 'full_node',
  oldest_block_height: '5',
  block_height: '400',
};

const running: ServiceSupervisor[] = [];
afterEach(() => {
  for (const supervisor of running.splice(0)) supervisor.stop();
});

async function startOn(path: string, onRestarted?: (restarts: number, reason: string) => void) {
  const launcher = forkLauncher();
  const supervisor = await ServiceSupervisor.start({
    launch: launcher.launch,
    source: { kind: 'snapshot', path, generateIfMissing: false },
    onRestarted,
  });
  running.push(supervisor);
  return { supervisor, children: launcher.children };
}

function json(body: string | Uint8Array | null): unknown {
  return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body ?? new Uint8Array()));
}

describe('snapshot service off the main thread', () => {
  it('answers read requests from a child process', async () => {
    const { supervisor } = await startOn(fixturePath('small'));
    const reply = await supervisor.request(
      'GET',
      'app://ledger-explorer/v1',
      [['Accept', 'application/json']],
      new Uint8Array(),
    );
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
    const reply = await supervisor.request(
      'GET',
      'app://ledger-explorer/v1/accounts/0x1/resources?limit=1',
      [],
      new Uint8Array(),
    );
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
    const error = await ServiceSupervisor.start({
      launch: launcher.launch,
      source: { kind: 'snapshot', path: bad, generateIfMissing: false },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain('\n');
    expect(launcher.children).toHaveLength(1);
  });

  it('fails start without restarting when the child dies before opening the snapshot', async () => {
    const launcher = forkLauncher();
    let launches = 0;
    const error = await ServiceSupervisor.start({
      source: { kind: 'snapshot', path: fixturePath('small'), generateIfMissing: false },
      launch: () => {
        launches += 1;
        const child = launcher.launch();
        child.kill(); // dies before it can answer the open message
        return child;
      },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/stopped before opening the source/);
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

describe('request deadlines', () => {
  it('gives captures far longer than reads', async () => {
    const { requestTimeoutMs } = await import('../../electron/main/sources/service-supervisor.ts');
    expect(requestTimeoutMs('POST', 'app://ledger-explorer/explorer/v1/capture')).toBeGreaterThan(
      requestTimeoutMs('GET', 'app://ledger-explorer/v1'),
    );
    // Longer than the remote source's worst case for one read (3 attempts of 30 s, plus waits).
    expect(requestTimeoutMs('GET', 'app://ledger-explorer/v1')).toBeGreaterThan(3 * 30_000 + 2 * 10_000 + 750);
  });
});

describe('a remote node served from the child process', () => {
  it('forwards requests to the node from the child, with the API key, and reports the source', async () => {
    node.behave((req, res) =>
      sendJson(
        res,
        200,
        req.url === '/v1' ? LEDGER : { message: 'no', error_code: 'web_framework_error', vm_error_code: null },
      ),
    );
    const launcher = forkLauncher();
    const supervisor = await ServiceSupervisor.start({
      launch: launcher.launch,
      source: { kind: 'remote', baseUrl: node.url, apiKey: 'KEY-7', profileName: 'test-node' },
    });
    running.push(supervisor);
    const reply = await supervisor.request(
      'GET',
      'app://ledger-explorer/v1',
      [['Accept', 'application/json']],
      new Uint8Array(),
    );
    expect(reply.status).toBe(200);
    expect(json(reply.body)).toEqual(LEDGER);
    expect(node.seen.at(-1)).toMatchObject({
      method: 'GET',
      url: '/v1',
      headers: expect.objectContaining({ authorization: 'Bearer KEY-7' }),
    });
    const source = await supervisor.request('GET', 'app://ledger-explorer/explorer/v1/source', [], new Uint8Array());
    expect(json(source.body)).toMatchObject({ kind: 'remote', name: 'test-node', url: node.url, health: { ok: true } });
  });

  it('cancels the node requests in flight when the source is closed', async () => {
    const closed: Promise<void>[] = [];
    let arrived: () => void = () => {};
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    // The node never answers: the request stays in flight until the proxy gives up on it.
    node.behave((req) => {
      closed.push(once(req.socket, 'close').then(() => undefined));
      arrived();
    });
    const launcher = forkLauncher();
    const supervisor = await ServiceSupervisor.start({
      launch: launcher.launch,
      source: { kind: 'remote', baseUrl: node.url, apiKey: null, profileName: 'hang' },
    });
    const pending = supervisor.request('GET', 'app://ledger-explorer/v1/accounts/0x1/resources', [], new Uint8Array());
    await arrival;
    const exited = once(
      launcher.children[0] ??
        (() => {
          throw new Error('no child');
        })(),
      'exit',
    );
    supervisor.stop();
    const reply = await pending;
    expect(reply.status).toBe(503);
    expect((json(reply.body) as { message: string }).message).toMatch(/stopped/);
    // The child exits by itself (it was asked to close, not killed), and the node sees its request go away.
    const [code, signal] = (await exited) as [number | null, string | null];
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    await Promise.all(closed);
    expect(node.seen).toHaveLength(1);
  });
});

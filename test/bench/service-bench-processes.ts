/**
 * The service benchmark's child processes: `ledger-explorer serve` (the real CLI, with or without
 * its reply cache, optionally under `node --cpu-prof`) and the bare `node:http` baseline. Every
 * child is tracked so that each exit path of the benchmark — normal end, failure, signal, or the
 * watchdog — stops it.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { BareEntry, BareListeningMessage, BareTableMessage } from './service-bench-bare-server.ts';

const root = join(import.meta.dirname, '..', '..');
const cliPath = join(root, 'electron', 'cli', 'ledger-explorer.js');
const bareServerPath = join(import.meta.dirname, 'service-bench-bare-server.ts');

/** A started server process and the base URL it answers on. */
export interface StartedServer {
  readonly child: ChildProcess;
  readonly url: string;
}

/** Options of {@link startService}. */
export interface ServiceStartOptions {
  readonly snapshotPath: string;
  readonly host: string;
  /** false runs `serve --no-cache` (every request reaches the store). */
  readonly cache: boolean;
  /** Node flags placed before the CLI, e.g. `--cpu-prof`. */
  readonly nodeFlags?: readonly string[];
  /** The checkout whose CLI runs (default this one): service-bench-ab.ts compares two. */
  readonly checkout?: string;
}

const children = new Set<ChildProcess>();

function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Sends `signal` to every child still running. */
export function killAll(signal: NodeJS.Signals): void {
  for (const child of children) if (running(child)) child.kill(signal);
}

/** Stops the children when this process exits or is interrupted (SIGINT/SIGTERM/SIGHUP). Call once. */
export function installChildCleanup(log: (line: string) => void): void {
  process.on('exit', () => killAll('SIGKILL'));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      log(`${signal}: stopping the servers`);
      killAll('SIGTERM');
      process.exit(1);
    });
  }
}

/** Ends the run (children killed, exit code 1) if it is still going after `seconds`. */
export function startWatchdog(seconds: number, log: (line: string) => void): void {
  setTimeout(() => {
    log(`watchdog: still running after ${seconds} s, giving up`);
    killAll('SIGKILL');
    process.exit(1);
  }, seconds * 1000).unref();
}

/** Stops a child: SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
export function stopChild(child: ChildProcess, log: (line: string) => void, graceMs = 10_000): Promise<void> {
  if (!running(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      log(`pid ${child.pid} did not stop in ${graceMs} ms: SIGKILL`);
      child.kill('SIGKILL');
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts `ledger-explorer serve` on a free loopback port; resolves once it reports "listening on". */
export function startService(options: ServiceStartOptions): Promise<StartedServer> {
  const serveArgs = [
    'serve',
    '--snapshot',
    options.snapshotPath,
    '--host',
    options.host,
    '--port',
    '0',
    ...(options.cache ? [] : ['--no-cache']),
  ];
  const checkout = options.checkout ?? root;
  const cli = options.checkout === undefined ? cliPath : join(checkout, 'electron', 'cli', 'ledger-explorer.js');
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), cli, ...serveArgs], {
    cwd: checkout,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  // Always drained: a full pipe would block the server.
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-8000);
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not report "listening on" within 60 s; stderr: ${stderr}`));
    }, 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString('utf8')).slice(-8000);
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`serve exited early (code ${code}, signal ${signal}); stderr: ${stderr}`));
    });
  });
}

/** Forks the bare server with the recorded responses; resolves with its base URL once it listens. */
export function startBareServer(host: string, entries: readonly BareEntry[]): Promise<StartedServer> {
  const child = fork(bareServerPath, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the bare server did not start within 30 s'));
    }, 30_000);
    child.once('message', (message: BareListeningMessage) => {
      clearTimeout(timer);
      resolve({ child, url: `http://${host}:${message.port}` });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the bare server exited early (code ${code}, signal ${signal})`));
    });
    const table: BareTableMessage = { type: 'table', host, entries };
    child.send(table);
  });
}

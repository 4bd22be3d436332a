/**
 * Captures that prove themselves (docs/remote.md, "What a capture proves"), against a node that lies: a real read
 * service over the small fixture behind a fake node that alters its transaction answers (tampering-node.ts), read
 * through the remote source. A transaction whose changes, hash (50 of them given the same fake one), block round,
 * events or signature were altered is not kept in full; the reason is recorded in the file for its version; the
 * transactions the node did not alter are kept, and `snapshot verify` proves every one of them. A payload nested
 * 5,000 deep leaves its transaction a summary instead of failing the capture (also through the capture route).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer } from '../../electron/service/http-server.ts';
import { createRemoteService } from '../../electron/service/remote/remote-service.ts';
import { captureLedger } from '../../electron/snapshot/capture/capture-ledger.ts';
import { writeCapture } from '../../electron/snapshot/capture/write-capture.ts';
import { snapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { verifySnapshot } from '../../electron/snapshot/snapshot-verify.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { useFakeNode } from './fake-node.ts';
import { editJson, tamperingNode, type Tamper } from './tampering-node.ts';

const dir = useTempDir('capture-proofs-');
const node = useFakeNode();
let small: SnapshotStore;
let service: (request: Request) => Promise<Response>;
let accounts: string[];
/** The kind of each transaction an honest capture keeps in full. */
let honest: Map<bigint, string>;

type Json = Record<string, unknown>;

/** Adds 1 to the first decimal string found in `value` (depth first); false when there is none. */
function bumpFirstNumber(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (const [key, child] of Object.entries(value)) {
    if (typeof child === 'string' && /^\d+$/.test(child)) {
      (value as Json)[key] = String(BigInt(child) + 1n);
      return true;
    }
    if (bumpFirstNumber(child)) return true;
  }
  return false;
}

interface Captured {
  readonly store: SnapshotStore;
  readonly kept: Set<bigint>;
  readonly reasons: Map<bigint, string>;
}

/** Captures `accounts` from the node lying as `tamper` says; the file opened, its kept versions and reasons. */
async function capture(name: string, tamper: Tamper): Promise<Captured> {
  node.behave(tamperingNode(service, tamper));
  // A new remote source each time: its pinned cache would keep another test's answers.
  const remote = createRemoteService({ baseUrl: node.url, retryBaseDelayMs: 1 });
  const data = await captureLedger(
    { fetch: remote, baseUrl: 'http://127.0.0.1/v1', nodeUrl: node.url },
    { accounts, maxTransactions: 60 },
  );
  const path = join(dir, name);
  writeCapture(data, path);
  const store = SnapshotStore.open(path);
  const kept = new Set(
    (store.database.prepare('SELECT version FROM transaction_details').pluck().all() as number[]).map(BigInt),
  );
  const reasons = new Map(
    (
      store.database.prepare('SELECT version, reason FROM captured_not_kept').all() as {
        version: number;
        reason: string;
      }[]
    ).map((row) => [BigInt(row.version), row.reason]),
  );
  return { store, kept, reasons };
}

/** The first `n` versions of `kind` an honest capture keeps. */
const versionsOf = (kind: string, n: number): bigint[] =>
  [...honest]
    .filter(([, k]) => k === kind)
    .map(([v]) => v)
    .slice(0, n);

/** Checks that `altered` were not kept, each for a reason matching `why`, the rest kept, and the file verifies. */
function expectRefused(captured: Captured, altered: readonly bigint[], why: RegExp): void {
  try {
    expect(altered.length).toBeGreaterThan(0);
    for (const version of altered) {
      expect(captured.kept.has(version), `version ${version}`).toBe(false);
      expect(captured.reasons.get(version), `version ${version}`).toMatch(why);
    }
    for (const version of honest.keys()) if (!altered.includes(version)) expect(captured.kept.has(version)).toBe(true);
    const report = verifySnapshot(captured.store);
    expect(report.problems).toEqual([]);
    expect(report.checked.provedWriteSets).toBe(honest.size - altered.length);
  } finally {
    captured.store.close();
  }
}

beforeAll(async () => {
  small = SnapshotStore.open(fixturePath('small'));
  service = createReadService({ store: small, responseCache: false });
  const info = snapshotInfo(small, 5);
  accounts = [...info.samples.senders.slice(0, 2).map((sender) => sender.address), '0x1'];
  const { store, kept } = await capture('honest.db', (answer) => answer.body);
  honest = new Map(
    [...kept].map((version) => [
      version,
      store.database.prepare('SELECT kind FROM transactions WHERE version = ?').pluck().get(version) as string,
    ]),
  );
  const report = verifySnapshot(store);
  store.close();
  expect(report.problems).toEqual([]);
  // What verify proved, by kind: every kept transaction, its write set and its events.
  expect(report.checked.provedUserTransactions).toBe(versionsOf('user', 1000).length);
  expect(report.checked.provedBlockMetadata).toBe(versionsOf('block_metadata', 1000).length);
  expect(report.checked.provedWriteSets).toBe(honest.size);
  expect(report.checked.provedEventRoots).toBe(honest.size);
});
afterAll(() => small?.close());

describe('a capture keeps only the transactions that prove themselves', () => {
  it('keeps user and block metadata transactions of an honest node, all proved', () => {
    expect(versionsOf('user', 1000).length).toBeGreaterThan(10);
    expect(versionsOf('block_metadata', 1000).length).toBeGreaterThan(3);
  });

  it('does not keep a transaction whose changes were altered (JSON, or the BCS write set)', async () => {
    const json = versionsOf('user', 3);
    const bcs = versionsOf('user', 6).slice(3);
    const captured = await capture('changes.db', ({ version, bcs: isBcs, body }) => {
      if (!isBcs && json.includes(version))
        return editJson(body, (tx) => {
          const change = (tx.changes as Json[]).find((c) => c.type === 'write_resource');
          expect(bumpFirstNumber((change?.data as Json).data)).toBe(true);
        });
      // The last byte of the node's BCS lies in its write set: a value or a slot's metadata.
      if (isBcs && bcs.includes(version)) body[body.length - 1] = (body.at(-1) ?? 0) ^ 1;
      return body;
    });
    // A bumped value that no longer fits its type is refused before the proof, also with its reason.
    expectRefused(
      captured,
      [...json, ...bcs],
      /is not the one of the write set the node hashed|write set|cannot be written back/,
    );
  });

  // The source's reply check (the endpoint's schema) or the capture's parse (the same schema) names the field; the
  // check refuses the whole read that carried the altered answer, so one version is altered per capture and only its
  // reason is checked.
  it.each([
    ['a change without its state_key_hash', /changes\.\d+\.state_key_hash: /],
    ['a number where a u64 string is due', /max_gas_amount: Invalid type: Expected string/],
  ])('does not keep a transaction whose JSON has %s, the reason naming the field', async (what, why) => {
    const [version] = versionsOf('user', 1);
    const captured = await capture(`shape-${what.length}.db`, ({ version: at, bcs, body }) => {
      if (bcs || at !== version) return body;
      return editJson(body, (tx) => {
        if (why.source.startsWith('max_gas')) tx.max_gas_amount = 7;
        else delete (tx.changes as Json[]).find((c) => c.type === 'write_resource')!.state_key_hash;
      });
    });
    try {
      expect(captured.kept.has(version!)).toBe(false);
      expect(captured.reasons.get(version!) ?? '').toMatch(why);
      expect(captured.kept.size).toBeGreaterThan(0);
    } finally {
      captured.store.close();
    }
  });

  it('does not keep a transaction whose BCS answer is cut short, and goes on', async () => {
    const cut = versionsOf('user', 2);
    const captured = await capture('cut.db', ({ version, bcs, body }) =>
      bcs && cut.includes(version) ? body.subarray(0, cut.indexOf(version) === 0 ? 5 : body.length - 40) : body,
    );
    expectRefused(captured, cut, /^the node's BCS of it/);
  });

  it('does not keep 50 transactions given the same fake hash, in JSON alone or in JSON and BCS', async () => {
    const fake = `0x${'ab'.repeat(32)}`;
    const all = [...honest.keys()];
    const half = new Set(all.filter((_, i) => i % 2 === 0));
    const captured = await capture('fake-hash.db', ({ version, bcs, body }) => {
      if (!bcs) return editJson(body, (tx) => void (tx.hash = fake));
      const real = Buffer.from(small.transaction(version)?.hash ?? new Uint8Array(32));
      // Half of them also carry the fake hash in their BCS info.
      if (half.has(version)) body.set(Buffer.from(fake.slice(2), 'hex'), body.indexOf(real));
      return body;
    });
    try {
      expect(all.length).toBeGreaterThanOrEqual(50);
      expect(captured.kept.size).toBe(0);
      for (const version of all)
        expect(captured.reasons.get(version)).toMatch(
          half.has(version) ? /its transaction bytes do not hash to its hash 0xabab/ : /does not carry the hash/,
        );
      expect(verifySnapshot(captured.store).problems).toEqual([]);
    } finally {
      captured.store.close();
    }
  });

  it('does not keep a block whose round was raised under its real hash', async () => {
    const blocks = versionsOf('block_metadata', 3);
    const captured = await capture('round.db', ({ version, bcs, body }) =>
      !bcs && blocks.includes(version)
        ? editJson(body, (tx) => void (tx.round = String(BigInt(String(tx.round)) + 1n)))
        : body,
    );
    expectRefused(captured, blocks, /its block fields .* are not the node's/);
  });

  it('does not keep a transaction whose events or signature were altered', async () => {
    const events = versionsOf('user', 3);
    const signatures = versionsOf('user', 6).slice(3);
    const captured = await capture('events-signature.db', ({ version, bcs, body }) => {
      if (bcs) return body;
      if (events.includes(version))
        return editJson(body, (tx) => expect(bumpFirstNumber((tx.events as Json[]).at(-1)?.data)).toBe(true));
      if (signatures.includes(version))
        return editJson(body, (tx) => {
          const signature = tx.signature as Json;
          const signer = (typeof signature.signature === 'string' ? signature : signature.sender) as Json;
          const text = String(signer.signature);
          signer.signature = `${text.slice(0, -1)}${text.endsWith('0') ? '1' : '0'}`;
        });
      return body;
    });
    const reasons = captured.reasons;
    for (const version of events) expect(reasons.get(version)).toMatch(/do not give the node's event_root_hash/);
    expectRefused(captured, [...events, ...signatures], /event_root_hash|signature are not those of the node's/);
  });
});

describe('the payload JSON', () => {
  it('does not keep a transaction whose payload JSON shows other argument values than its BCS', async () => {
    const withArguments = [...honest]
      .filter(([version, kind]) => {
        if (kind !== 'user') return false;
        const payload = small.transaction(version)?.details?.payload as { arguments?: unknown[] } | undefined;
        return (payload?.arguments ?? []).some((argument) => bumpFirstNumber([structuredClone(argument)]));
      })
      .map(([version]) => version)
      .slice(0, 3);
    const captured = await capture('arguments.db', ({ version, bcs, body }) =>
      !bcs && withArguments.includes(version)
        ? editJson(body, (tx) => expect(bumpFirstNumber((tx.payload as Json).arguments)).toBe(true))
        : body,
    );
    expectRefused(captured, withArguments, /its payload JSON argument \d+ is not the payload BCS one/);
  });
});

describe('a payload nested 5,000 deep', () => {
  it('leaves its transaction a summary and the capture completes, also through the capture route', async () => {
    const [deep] = versionsOf('user', 1);
    const nested = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    node.behave(
      tamperingNode(service, ({ version, bcs, body }) =>
        !bcs && version === deep
          ? editJson(body, (tx) => void ((tx.payload as Json).arguments = ['@raw:deep']), { deep: nested })
          : body,
      ),
    );
    const folder = join(dir, 'route');
    const proxy = await startHttpServer({
      handler: createRemoteService({ baseUrl: node.url, retryBaseDelayMs: 1, capture: { folder } }),
      port: 0,
    });
    try {
      const response = await fetch(`${proxy.url}/explorer/v1/capture`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accounts }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const store = SnapshotStore.open(((await response.json()) as { file: string }).file);
      try {
        const reason = store.database.prepare('SELECT reason FROM captured_not_kept WHERE version = ?').pluck();
        expect(reason.get(deep)).toMatch(/^its JSON nests deeper than \d+ levels/);
        expect(verifySnapshot(store).problems).toEqual([]);
      } finally {
        store.close();
      }
    } finally {
      await proxy.close();
    }
  });
});

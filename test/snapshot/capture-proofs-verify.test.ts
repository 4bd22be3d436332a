/**
 * `snapshot verify` recomputes the proofs of a capture's transactions kept in full from the file alone
 * (verify-capture-proofs.ts): copies of one capture of the small fixture, each with one field edited in SQL — a write
 * set value, a write op, 50 hashes made the same, a block's round, an event, a signature, the node's transaction
 * bytes — are each reported by version, and the untouched capture reports what it proved by kind (the CLI prints it).
 */
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReadService } from '../../electron/service/read-service.ts';
import { captureLedger } from '../../electron/snapshot/capture/capture-ledger.ts';
import { writeCapture } from '../../electron/snapshot/capture/write-capture.ts';
import { snapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { verifySnapshot, type VerifyReport } from '../../electron/snapshot/snapshot-verify.ts';
import { runCliProcess } from '../support/run-cli.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useEditedCopies } from './edited-copies.ts';

const copies = useEditedCopies('capture-proofs-verify-');
let capture: string;

beforeAll(async () => {
  const small = SnapshotStore.open(fixturePath('small'));
  try {
    const info = snapshotInfo(small, 5);
    const service = createReadService({ store: small, responseCache: false });
    const data = await captureLedger(
      { fetch: service, baseUrl: 'http://127.0.0.1/v1', nodeUrl: 'file:///small.db' },
      { accounts: [...info.samples.senders.slice(0, 3).map((sender) => sender.address), '0x1'], maxTransactions: 80 },
    );
    capture = join(copies.root, 'capture.db');
    writeCapture(data, capture);
  } finally {
    small.close();
  }
});

function verifyCopy(edit: (db: Database.Database) => void): VerifyReport {
  const store = SnapshotStore.open(copies.editedCopy(edit, capture));
  try {
    return verifySnapshot(store);
  } finally {
    store.close();
  }
}

/** The version of the `n`th (0-based) kept transaction of `kind`. */
const keptOf = (db: Database.Database, kind: string, n = 0): number =>
  db
    .prepare(
      'SELECT t.version FROM transactions t JOIN transaction_details d USING (version) WHERE kind = ? LIMIT 1 OFFSET ?',
    )
    .pluck()
    .get(kind, n) as number;

describe('snapshot verify of a capture', () => {
  it('proves every kept transaction and prints what it proved, by kind', () => {
    const store = SnapshotStore.open(capture);
    let kept: number;
    try {
      kept = store.database.prepare('SELECT count(*) FROM transaction_details').pluck().get() as number;
      const report = verifySnapshot(store);
      expect(report.problems).toEqual([]);
      const { provedUserTransactions = 0, provedBlockMetadata = 0 } = report.checked;
      expect(provedUserTransactions).toBeGreaterThan(10);
      expect(provedBlockMetadata).toBeGreaterThan(3);
      expect(provedUserTransactions + provedBlockMetadata).toBe(kept);
      expect(report.checked.provedWriteSets).toBe(kept);
      expect(report.checked.provedEventRoots).toBe(kept);
      expect(report.checked.notKept).toBeGreaterThan(0);
    } finally {
      store.close();
    }
    const cli = runCliProcess(['snapshot', 'verify', capture]);
    expect(cli.status).toBe(0);
    expect(cli.stdout).toMatch(new RegExp(`provedWriteSets ${kept}\\b`));
    expect(cli.stdout).toMatch(/provedUserTransactions \d+, provedBlockMetadata \d+/);
  });

  it('finds an altered write set value, and an altered write op', () => {
    let version = 0;
    const value = verifyCopy((db) => {
      version = db
        .prepare('SELECT version FROM captured_write_sets WHERE value IS NOT NULL LIMIT 1')
        .pluck()
        .get() as number;
      db.prepare(
        "UPDATE captured_write_sets SET value = CAST(value || x'00' AS BLOB) " +
          'WHERE version = ? AND value IS NOT NULL',
      ).run(version);
    });
    expect(value.problems.join('\n')).toMatch(
      new RegExp(`^version ${version}: its captured write set does not hash to its state_change_hash`),
    );
    const op = verifyCopy((db) => {
      db.prepare('UPDATE captured_write_sets SET op = 1 - op WHERE version = ? AND op IN (0, 1)').run(version);
    });
    expect(op.problems.join('\n')).toMatch(new RegExp(`version ${version}: its captured write set does not hash`));
  });

  it('finds 50 transactions given the same fake hash, each by version', () => {
    let versions: number[] = [];
    const report = verifyCopy((db) => {
      versions = db
        .prepare('SELECT version FROM transaction_details ORDER BY version LIMIT 50')
        .pluck()
        .all() as number[];
      db.prepare(`UPDATE transactions SET hash = x'${'ab'.repeat(32)}' WHERE version IN (${versions.join(',')})`).run();
    });
    expect(versions).toHaveLength(50);
    for (const version of versions)
      expect(report.problems).toContain(
        `version ${version}: its transaction bytes do not hash to its hash 0x${'ab'.repeat(32)}`,
      );
  });

  it("finds a block's round raised under its real hash", () => {
    let version = 0;
    const report = verifyCopy((db) => {
      version = keptOf(db, 'block_metadata');
      db.prepare(
        "UPDATE transaction_details SET kind_fields = json_set(kind_fields, '$.round', " +
          "CAST(json_extract(kind_fields, '$.round') + 1 AS TEXT)) WHERE version = ?",
      ).run(version);
    });
    // (The indexer tables written after the capture disagree with the edited row too: their own line.)
    expect(report.problems).toContain(
      `version ${version}: its block fields (id, epoch, round, proposer, votes, failed proposers, time) ` +
        "are not the node's",
    );
  });

  it('finds an altered event, an altered signature and altered transaction bytes', () => {
    let event = 0;
    let signed = 0;
    let bytes = 0;
    const report = verifyCopy((db) => {
      event = db.prepare('SELECT min(version) FROM module_events').pluck().get() as number;
      db.prepare("UPDATE module_events SET data = CAST(data || x'00' AS BLOB) WHERE version = ?").run(event);
      signed = keptOf(db, 'user', 1);
      db.prepare(
        'UPDATE transaction_details SET signature = replace(signature, \'"signature":"0x\', \'"signature":"0x00\') ' +
          'WHERE version = ?',
      ).run(signed);
      bytes = keptOf(db, 'user', 2);
      db.prepare("UPDATE captured_transactions SET bcs = CAST(bcs || x'00' AS BLOB) WHERE version = ?").run(bytes);
    });
    const text = report.problems.join('\n');
    expect(text).toMatch(new RegExp(`version ${event}: its events do not hash to its event_root_hash`));
    expect(text).toMatch(new RegExp(`version ${signed}: its fields and signature do not rebuild the node's`));
    expect(text).toMatch(new RegExp(`version ${bytes}: its transaction bytes do not hash to its hash`));
    expect(report.checked.provedEventRoots).toBeLessThan(report.checked.transactionDetails ?? 0);
  });
});

/**
 * A crafted file whose stored transaction JSON nests 5,000 and 10,000 deep: every read of that transaction (by
 * version, by hash, in a page, in its block) answers a 500 record naming the version and the column instead of a
 * "Maximum call stack size exceeded", other transactions still read, and `snapshot verify` names it.
 */
import { describe, expect, it } from 'vitest';
import { createReadService } from '../../electron/service/read-service.ts';
import { MAX_STORED_JSON_NESTING } from '../../electron/snapshot/stored-json.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { verifySnapshot } from '../../electron/snapshot/snapshot-verify.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { runCliProcess } from '../support/run-cli.ts';
import { useEditedCopies } from './edited-copies.ts';

const { editedCopy } = useEditedCopies('stored-json-depth-');
const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

interface Crafted {
  readonly path: string;
  readonly version: number;
  readonly hash: string;
  readonly block: number;
}

/** A copy of the small fixture whose newest user transaction's `column` holds `json`. */
function craft(column: 'payload' | 'signature', json: string): Crafted {
  let found: { version: number; hash: Uint8Array; block_height: number } | undefined;
  const path = editedCopy((db) => {
    found = db
      .prepare(
        `SELECT t.version, t.hash, t.block_height FROM transactions t JOIN transaction_details d USING (version)
         WHERE t.kind = 'user' AND d.payload IS NOT NULL ORDER BY t.version DESC LIMIT 1`,
      )
      .get() as typeof found;
    db.prepare(`UPDATE transaction_details SET ${column} = ? WHERE version = ?`).run(json, found?.version);
  });
  if (found === undefined) throw new Error('no user transaction in the fixture');
  return { path, version: found.version, hash: bytesToHex(found.hash), block: found.block_height };
}

async function read(store: SnapshotStore, path: string): Promise<{ status: number; message: string }> {
  const service = createReadService({ store, responseCache: false });
  const response = await service(new Request(`http://127.0.0.1${path}`));
  const body = (await response.json()) as { message?: string };
  return { status: response.status, message: body.message ?? '' };
}

describe('stored transaction JSON nested too deep', () => {
  for (const [column, depth] of [
    ['payload', 5_000],
    ['payload', 10_000],
    ['signature', 10_000],
  ] as const) {
    it(`${column} ${depth} deep: reads answer a 500 record naming it, verify reports it`, async () => {
      const crafted = craft(column, `{"type":"entry_function_payload","arguments":[${nested(depth)}]}`);
      const store = SnapshotStore.open(crafted.path);
      try {
        const expected = new RegExp(
          `^The stored data does not decode: transaction ${crafted.version}: its stored ${column} JSON nests deeper ` +
            `than ${MAX_STORED_JSON_NESTING} levels`,
        );
        for (const path of [
          `/v1/transactions/by_version/${crafted.version}`,
          `/v1/transactions/by_hash/${crafted.hash}`,
          `/v1/transactions?start=${crafted.version}&limit=1`,
          `/v1/blocks/by_height/${crafted.block}?with_transactions=true`,
        ]) {
          const answer = await read(store, path);
          expect(answer.status, path).toBe(500);
          expect(answer.message, path).toMatch(expected);
        }
        const other = await read(store, `/v1/transactions/by_version/${crafted.version - 1}`);
        expect(other.status).toBe(200);
        const report = verifySnapshot(store);
        expect(report.ok).toBe(false);
        expect(report.problems).toContainEqual(
          expect.stringMatching(
            new RegExp(`^transaction ${crafted.version}: its stored ${column} JSON nests deeper than`),
          ),
        );
      } finally {
        store.close();
      }
    });
  }

  it('a value nested within the bound still reads and verifies', async () => {
    const crafted = craft('payload', `{"type":"entry_function_payload","arguments":[${nested(100)}]}`);
    const store = SnapshotStore.open(crafted.path);
    try {
      expect((await read(store, `/v1/transactions/by_version/${crafted.version}`)).status).toBe(200);
      const problems = verifySnapshot(store).problems.filter((p) => p.includes('stored payload'));
      expect(problems).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('the CLI names the file, the version and the column', () => {
    const crafted = craft('payload', `{"arguments":[${nested(5_000)}]}`);
    const run = runCliProcess(['snapshot', 'verify', crafted.path]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`FAILED: ${crafted.path}`);
    expect(run.stdout).toMatch(new RegExp(`transaction ${crafted.version}: its stored payload JSON nests deeper`));
  });
});

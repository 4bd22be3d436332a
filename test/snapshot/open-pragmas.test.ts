/**
 * A snapshot is an untrusted file, so the store opens it hardened: defensive mode (writable_schema cannot be turned
 * on), `trusted_schema = OFF` (a view or trigger in the file cannot call a function that is not marked innocuous)
 * and `cell_size_check = ON`. Checked on the connection openSnapshot returns, on real files.
 */
import { describe, expect, it } from 'vitest';
import { openSnapshot } from '../../electron/snapshot/open-snapshot.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useEditedCopies } from './edited-copies.ts';

const { editedCopy } = useEditedCopies('open-pragmas-');

describe('a snapshot opened for reading', () => {
  it('runs with trusted_schema off, cell size checks on and query_only', () => {
    const { db } = openSnapshot(fixturePath('small'));
    try {
      expect(db.pragma('trusted_schema', { simple: true })).toBe(0);
      expect(db.pragma('cell_size_check', { simple: true })).toBe(1);
      expect(db.pragma('query_only', { simple: true })).toBe(1);
    } finally {
      db.close();
    }
  });

  it('runs in defensive mode: writable_schema stays off when asked for', () => {
    const { db } = openSnapshot(fixturePath('small'));
    try {
      db.pragma('writable_schema = ON');
      expect(db.pragma('writable_schema', { simple: true })).toBe(0);
    } finally {
      db.close();
    }
  });

  it("refuses to run a function from the file's schema (a view) that is not marked innocuous", () => {
    // The view names a function the reader registers: with a trusted schema it would run it.
    const path = editedCopy((db) => db.exec('CREATE VIEW planted AS SELECT side_effect() AS value'));
    const { db } = openSnapshot(path);
    let calls = 0;
    try {
      db.function('side_effect', () => ++calls);
      expect(() => db.prepare('SELECT value FROM planted').all()).toThrow(/unsafe use of side_effect\(\)/);
      // Called directly by the reader's own SQL it runs: only the file's schema is distrusted.
      expect(db.prepare('SELECT side_effect() AS value').get()).toEqual({ value: 1 });
      expect(calls).toBe(1);
    } finally {
      db.close();
    }
  });
});

/**
 * The snapshot file guard's wait before a routed reply goes out (electron/service/snapshot-file-guard.ts): the
 * requests read in one turn of the event loop share one wait, which still lasts two `setImmediate` hops (so a file
 * event raised while they were read is delivered first); a request read once the first hop ran waits anew.
 */
import { describe, expect, it } from 'vitest';
import { guardSnapshotFile } from '../../electron/service/snapshot-file-guard.ts';
import { fixturePath } from '../support/fixture-path.ts';

describe('snapshot file guard: the wait before a reply', () => {
  it('is shared by the requests of one turn, lasts two hops; a request after the first hop waits anew', async () => {
    const guard = guardSnapshotFile(fixturePath('small'), () => undefined);
    const log: string[] = [];
    const first = guard.settled();
    expect(guard.settled()).toBe(first);
    void first.then(() => log.push('resolved'));
    let later: Promise<void> | undefined;
    // Scheduled after the wait's first hop: runs in the same check phase, once that hop has run.
    setImmediate(() => {
      log.push('one hop');
      later = guard.settled();
    });
    await first;
    // Not resolved after one hop: it waited for the next turn (after its poll for file events).
    expect(log).toEqual(['one hop', 'resolved']);
    expect(later).toBeDefined();
    expect(later).not.toBe(first);
    await later;
    expect(guard.settled()).not.toBe(later);
  });
});

/**
 * No byte on the wire changes unnoticed: the replies to record-replies.ts's fixed list of requests
 * (every route, JSON and BCS, error cases; the snapshot service and the remote proxy in front of it)
 * are compared with the committed recording. A deliberate change of replies re-records it:
 * `node test/support/record-replies.ts test/service/replies-recording.json`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../support/fixture-path.ts';
import { differences, recordReplies, type Recording } from '../support/record-replies.ts';

describe('recorded replies', () => {
  it('every recorded request is answered byte for byte as recorded', async () => {
    const committed = JSON.parse(
      readFileSync(join(import.meta.dirname, 'replies-recording.json'), 'utf8'),
    ) as Recording;
    const now = await recordReplies(fixturePath('main'));
    expect(Object.keys(now.snapshot).length).toBeGreaterThan(150);
    expect(differences(committed, now)).toEqual([]);
  });
});

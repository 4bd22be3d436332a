/**
 * The renderer and shared/ read the wire types (inferred from the reply schemas, shared/api/wire/) by narrowing:
 * ESLint refuses `as unknown as` there, so the cast the transaction pages once went through cannot come back.
 * These tests lint source text as if it lived in each folder.
 */
import { describe, expect, it } from 'vitest';
import { ruleMessages } from './lint-text.ts';

const forcedCasts = (code: string, filePath: string): Promise<string[]> =>
  ruleMessages(code, filePath, 'no-restricted-syntax');

const CAST = [
  "import type { CommittedTransaction } from '../../shared/api/wire-schemas.ts';",
  '/** A cast. */',
  'export const view = (body: { readonly type: string }): CommittedTransaction =>',
  '  body as unknown as CommittedTransaction;',
  '',
].join('\n');

describe('forced casts', () => {
  it('are refused in the renderer and in shared/', async () => {
    for (const path of ['renderer/api/bad-cast.ts', 'renderer/features/transaction/bad-cast.tsx', 'shared/bad-cast.ts'])
      expect(await forcedCasts(CAST, path), path).toEqual([expect.stringContaining('`as unknown as`')]);
  });

  it('leave a plain narrowing alone', async () => {
    const narrowed = [
      "import { isCommittedTransaction, type Transaction } from '../../shared/api/wire-schemas.ts';",
      '/** A narrowing. */',
      'export const view = (body: Transaction) => (isCommittedTransaction(body) ? body : undefined);',
      '',
    ].join('\n');
    expect(await forcedCasts(narrowed, 'renderer/api/fine.ts')).toEqual([]);
  });
});

/**
 * The lint tests' linter: source text linted as if it lived at a path of this repository, with the project's own
 * ESLint config (type-aware parsing off: the linted text has no file on disk for the TypeScript project service to
 * find, and the rules these tests check do not need types).
 */
import { ESLint } from 'eslint';
import { expect } from 'vitest';

const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/switch-exhaustiveness-check': 'off' },
  },
});

/** The messages of rule `ruleId` for `code` at `filePath` (the text must parse). */
export async function ruleMessages(code: string, filePath: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

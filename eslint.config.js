// ESLint flat config. Besides TypeScript hygiene it enforces the architecture's import
// boundaries, so that a wrong import fails `npm test` instead of relying on review:
//   shared/            pure TypeScript: no Node built-ins, no electron (runs in the renderer too)
//   electron/service/, electron/snapshot/, electron/cli/  no electron (plain Node: tests, headless `serve`)
//   renderer/          no Node built-ins, no electron (sandboxed page; data only by fetch)
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import jsdoc from 'eslint-plugin-jsdoc';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/** A no-restricted-imports rule that forbids the given module names (and patterns), with the reason shown. */
function forbid(names, message, patterns = []) {
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: names.map((name) => ({ name, message })),
        patterns: patterns.map((group) => ({ group: [group], message })),
      },
    ],
  };
}

const pureMessage = 'shared/ and renderer/ are pure TypeScript: no Node built-ins and no electron.';
const noMainSideMessage =
  'shared/ and renderer/ never import from electron/ (the main-process side): move what both need into shared/.';
// What shared/ and renderer/ may not import (a later config block for the same files replaces the rule, so
// the feature-folder block repeats these by reference).
const purePaths = [...nodeBuiltins, 'electron', 'better-sqlite3'].map((name) => ({ name, message: pureMessage }));
const purePatterns = [
  { group: ['node:*'], message: pureMessage },
  { regex: '^(\\.\\./)+electron/', message: noMainSideMessage },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', 'release/', 'coverage/', 'test/.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', 'electron/cli/*.js', 'renderer/public/*.js', 'build/make-icons.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // Every export says what it is and why (JSDoc), in the code that ships.
    files: ['shared/**/*.{ts,tsx}', 'electron/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    plugins: { jsdoc },
    rules: {
      'jsdoc/require-jsdoc': [
        'error',
        {
          publicOnly: true,
          require: { FunctionDeclaration: true, ClassDeclaration: true },
          contexts: [
            'TSInterfaceDeclaration',
            'TSTypeAliasDeclaration',
            'ExportNamedDeclaration > VariableDeclaration',
          ],
        },
      ],
    },
  },
  {
    // React's rules of hooks in the UI and its tests. `incompatible-library` only warns that the
    // React Compiler cannot memoize TanStack Table/Virtual instances; we do not use the compiler.
    files: ['renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: { ...reactHooks.configs.flat['recommended-latest'].rules, 'react-hooks/incompatible-library': 'off' },
  },
  {
    files: ['shared/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { paths: purePaths, patterns: purePatterns }],
      // The wire types are inferred from the reply schemas (shared/api/wire/): code reads them by narrowing, never
      // by forcing a value into one (the cast the renderer's transaction pages once went through).
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression.expression > TSUnknownKeyword.typeAnnotation',
          message:
            '`as unknown as` forces a value into a type: narrow it instead (the wire types are the reply ' +
            "schemas' inferred types, shared/api/wire/; isCommittedTransaction, isKnownPayload and the like).",
        },
      ],
    },
  },
  {
    // One folder per feature: a feature imports its own files, components/, lib/, api/ and app/,
    // never another feature's (shared pieces move to components/ or lib/). Same purity rule as above.
    files: ['renderer/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: purePaths,
          patterns: [
            ...purePatterns,
            {
              regex: '^\\.\\./[^./][^/]*/',
              message:
                "A feature folder must not import another feature's files: " +
                'move the shared piece to renderer/components/ or renderer/lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The snapshot service's process entry and what it shares with the supervisor are plain Node too.
    files: [
      'electron/service/**/*.ts',
      'electron/snapshot/**/*.ts',
      'electron/indexer/**/*.ts',
      'electron/cli/**/*.ts',
      'electron/main/sources/service-{entry,messages,supervisor}.ts',
    ],
    rules: forbid(
      ['electron'],
      'The read service, snapshot store and CLI run in plain Node (tests, headless serve): no electron import.',
    ),
  },
  {
    // The indexer's processors are pure functions of one transaction and state reads (generator, capture, upgrade
    // and tests share them): no Node built-ins, no SQLite, no electron.
    files: ['electron/indexer/processors/**/*.ts'],
    rules: forbid(
      [...nodeBuiltins, 'electron', 'better-sqlite3'],
      'Indexer processors are pure: a transaction and state reads in, rows out.',
      ['node:*'],
    ),
  },
);

// Lint rules for every TypeScript and script file; `npm test` runs this before the tests.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', 'data/', 'coverage/', 'api/ferretdb/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'simple-import-sort': simpleImportSort },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The kernel is one shared instance on the page: code outside it imports it by its package
    // name, which Module Federation shares; a relative import would compile a second copy.
    files: ['shared/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/kernel/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?kernel(/|$)',
              message: "Import the kernel as '@curator/shared/kernel' (one instance on the page).",
            },
          ],
        },
      ],
    },
  },
  // The persistence wing (api/src/persistence) owns what depends on the database engine: the change
  // feed, the observed collections, the in-memory lists. Features read lists through ListQueries and
  // write through their repositories; they never import the engine parts, the driver or mingo, nor
  // reach a collection by its name.
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/persistence/**', 'api/src/**/*.spec.ts', 'api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'mongodb', message: 'Only the persistence wing talks to the driver; use a repository.' },
            { name: 'mingo', message: 'Only the persistence wing evaluates filters in memory; use ListQueries.' },
          ],
          patterns: [
            {
              group: [
                '**/persistence/change-feed',
                '**/persistence/observed-collections',
                '**/persistence/memory-list-index',
              ],
              message:
                'An engine part of the persistence wing: read lists through ListQueries (persistence/list-query).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='collection'][arguments.0.type='Literal']",
          message: 'Only the persistence wing reaches a collection by its name; use a model in a repository.',
        },
      ],
    },
  },
);

import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Web boundary: a feature imports platform/ and its own files only — not another feature, not the app shell.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// A date picker writes dates as the lists do, in the reader's language: every screen uses the platform's.
const ownDatePicker = {
  name: 'antd',
  importNames: ['DatePicker'],
  message: "Use DatePicker from platform/forms/DatePicker: it writes dates in the reader's language.",
};
const webFeatureBoundaries = webFeatures.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [ownDatePicker],
        patterns: [
          {
            regex: `^(\\.\\./)+(${['app', ...webFeatures.filter((other) => other !== feature)].join('|')})/`,
            message:
              'A feature imports only platform/ and its own files; move what is shared to apps/web/src/platform/.',
          },
          {
            regex: '/features/',
            message:
              'A feature imports only platform/ and its own files; move what is shared to apps/web/src/platform/.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '.tmp/**',
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/src/db/migrations/**',
      'bench/results/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Layers point down (docs/architecture.md): the platform knows no module and not the app's db/ folder.
  {
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)modules/', message: 'The platform imports no module: let the app inject what it needs.' },
            { regex: '^\\.\\./db/', message: 'The platform takes Db/Tx/Queryable from platform/db.ts.' },
          ],
        },
      ],
    },
  },
  // A module uses another module only through its index.ts; a table file may reference another's table file.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/modules/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/(?!index\\.js$)',
              message: "Import another module through its index.ts ('../<module>/index.js').",
            },
            { regex: '^\\.\\./\\.\\./db/', message: 'Modules take Db/Tx/Queryable from platform/db.ts.' },
            { regex: '^\\.\\./\\.\\./(app|main)\\.js$', message: 'Modules do not import the app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.table.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/(?!index\\.js$|[\\w-]+\\.table\\.js$)',
              message: "Import another module through its index.ts (a table file may import another's *.table.js).",
            },
          ],
        },
      ],
    },
  },
  // Files a reader can hold (issue 25): no source file over 450 lines; split by role instead.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 450, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['**/scripts/**', 'bench/**', 'e2e/**', '**/*.test.ts', '**/test/**', '.ci/**', '**/build.mjs'],
    rules: { 'no-console': 'off' },
  },
  ...webFeatureBoundaries,
);

import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Features never import each other (style.md); one block per feature folder forbids the others.
const features = (() => {
  try {
    return readdirSync('web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

const serverImports = {
  group: ['@gowild/server', '@gowild/server/*', '**/server/src/**'],
  message: 'web and contract never import the server',
};
const webImports = { group: ['@gowild/web', '@gowild/web/*', '**/web/src/**'], message: 'server and contract never import the web app' };

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'server/data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  { files: ['scripts/**/*.mjs', '*.js', '*.ts', 'server/**/*.ts', 'e2e/**/*.ts'], languageOptions: { globals: globals.node } },
  { files: ['web/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  { files: ['contract/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [serverImports, webImports] }] } },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [webImports] }] } },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-restricted-imports': ['error', { patterns: [serverImports] }] },
  },
  ...features.map((f) => ({
    files: [`web/src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            { regex: `features/(?!${f}/)[^/]+/`, message: 'features never import each other; compose them in app/routes' },
          ],
        },
      ],
    },
  })),
);

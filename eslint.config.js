import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Features never import each other (decision 001); one block per feature folder forbids the others.
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

// Server layers (decision 047): lib/ (with config.ts and @gowild/contract) at the bottom; providers/ on lib only;
// modules/ on providers and lib, and on another module only through its <name>/<name>.module.ts; the composition root
// (deps.ts), app.ts, cli.ts, server.ts, plugins/ and jobs/ on top. Relative specifiers are matched per folder depth
// (a file `depth` folders below server/src), since `../x` means another place at each depth.
const up = (n) => `(?:\\.\\./){${n}}`;
const atDepth = (layer, depth) => `server/src/${layer}/${'*/'.repeat(depth - 1)}*.ts`;
const DEPTHS = [1, 2, 3, 4, 5];
const TOP_FILES = 'deps|app|cli|server';
const layerRules = [
  ...DEPTHS.map((depth) => ({
    files: [atDepth('lib', depth)],
    patterns: [
      {
        regex: `^${up(depth)}(?:modules|providers|plugins|jobs|db|test)/`,
        message: 'lib/ is the bottom layer: it imports only lib/, config.ts and @gowild/contract',
      },
      {
        regex: `^${up(depth)}(?:${TOP_FILES})$`,
        message: 'lib/ is the bottom layer: it imports only lib/, config.ts and @gowild/contract',
      },
    ],
  })),
  ...DEPTHS.map((depth) => ({
    files: [atDepth('providers', depth)],
    patterns: [
      { regex: `^${up(depth)}modules/`, message: 'providers never import a module: pass in what they need, or move it to lib/' },
      { regex: `^${up(depth)}(?:plugins|jobs|db|test)/`, message: 'providers import only lib/, config.ts and @gowild/contract' },
      { regex: `^${up(depth)}(?:${TOP_FILES})$`, message: 'providers import only lib/, config.ts and @gowild/contract' },
    ],
  })),
  ...DEPTHS.slice(1).map((depth) => ({
    files: [atDepth('modules', depth)],
    patterns: [
      {
        // From modules/<a>/…, `<up to modules/>b/anything` other than b/b.module.
        regex: `^${up(depth - 1)}([a-z0-9-]+)/(?!\\1\\.module$)`,
        message: "modules talk to each other only through what a module exports: import '<name>/<name>.module'",
      },
    ],
    // The composition root, the app, its plugins, the job runner and test helpers sit above the modules; tests may use them.
    nonTestPatterns: [
      { regex: `^${up(depth)}(?:plugins|jobs|test)/`, message: 'modules never import app plugins, the job runner or test helpers' },
      { regex: `^${up(depth)}(?:${TOP_FILES})$`, message: 'modules never import the composition root or the app' },
    ],
  })),
  ...DEPTHS.map((depth) => ({
    files: [atDepth('plugins', depth), atDepth('jobs', depth)],
    patterns: [{ regex: `^${up(depth)}(?:modules|providers)/`, message: 'plugins/ and jobs/ serve every module and know none of them' }],
  })),
];
const serverLayerConfigs = layerRules.flatMap(({ files, patterns, nonTestPatterns = [] }) => [
  { files, rules: { 'no-restricted-imports': ['error', { patterns: [webImports, ...patterns, ...nonTestPatterns] }] } },
  ...(nonTestPatterns.length > 0
    ? [
        {
          files: files.map((f) => f.replace(/\*\.ts$/, '*.test.ts')),
          rules: { 'no-restricted-imports': ['error', { patterns: [webImports, ...patterns] }] },
        },
      ]
    : []),
]);

// One home for the UTC calendar day of an instant (decision 125): `utcDateOf`/`todayUtc` in contract/src/dates.ts, or
// `todayAt` in contract/src/local-time.ts for an airport's own day. The idiom is forbidden everywhere else.
const isoDateIdiom = [
  {
    selector:
      "CallExpression[callee.property.name=/^(slice|substring|substr)$/][callee.object.type='CallExpression'][callee.object.callee.property.name='toISOString'][arguments.length=2][arguments.0.value=0][arguments.1.value=10]",
    message:
      'A calendar day comes from @gowild/contract/dates (utcDateOf, todayUtc) or local-time (todayAt), not toISOString().slice(0, 10)',
  },
  {
    selector:
      "MemberExpression[property.value=0][object.type='CallExpression'][object.callee.property.name='split'][object.callee.object.type='CallExpression'][object.callee.object.callee.property.name='toISOString']",
    message:
      "A calendar day comes from @gowild/contract/dates (utcDateOf, todayUtc) or local-time (todayAt), not toISOString().split('T')[0]",
  },
];

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
  {
    files: ['scripts/**/*.mjs', 'server/scripts/**/*.mjs', '*.js', '*.ts', 'server/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  { files: ['**/*.{ts,tsx,js,mjs}'], ignores: ['contract/src/dates.ts'], rules: { 'no-restricted-syntax': ['error', ...isoDateIdiom] } },
  { files: ['web/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  { files: ['contract/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [serverImports, webImports] }] } },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [webImports] }] } },
  ...serverLayerConfigs,
  // Functions a reader can hold in mind (issue 19): no function outside tests over 120 lines, on the server and, since
  // issue 35, in the web app, with no exception.
  {
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['server/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
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
            // The same through a relative path that climbs out of this feature into a sibling feature folder.
            ...(features.length > 1
              ? [
                  {
                    regex: `^(\\.\\./)+(${features.filter((o) => o !== f).join('|')})/`,
                    message: 'features never import each other; compose them in app/routes',
                  },
                ]
              : []),
          ],
        },
      ],
    },
  })),
);

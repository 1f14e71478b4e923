import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The API's bounded contexts: each is used by the others through its entry file (modules/<name>/index.ts) only. */
const apiModules = readdirSync(new URL('./apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const remotes = ['mfe-inbox', 'mfe-admin', 'mfe-settings'];

const apiNeverImportsWeb = {
  group: [
    '**/apps/shell/**',
    '**/apps/mfe-*/**',
    '@teaminbox/ui',
    '@teaminbox/api-client',
    '@teaminbox/web-store',
    'react',
    'react-dom',
  ],
  message: 'API code never imports web code: share types through @teaminbox/contracts.',
};
const webNeverImportsApi = {
  group: ['**/apps/api/**', '@teaminbox/api', '@teaminbox/api/*'],
  message: 'Web code never imports API code: share types through @teaminbox/contracts.',
};
/**
 * Another module's entry is its index.ts; a module may also have a light entry, light.ts (plain functions and types,
 * no Nest or TypeORM), for code that must not load its Nest module graph, such as worker threads.
 */
const intoAnotherModule = {
  regex: `^(\\.\\./)+(${apiModules.join('|')})/(?!light$).+`,
  message:
    'Another module is used through its entry file only: import from modules/<name> (or modules/<name>/light), not from its files.',
};
/** A light entry loads no framework and not the module's entry: a worker thread that imports it stays small. */
const heavyFromLightEntry = {
  group: ['@nestjs/*', 'typeorm', './index', './*.module'],
  message: 'A light entry (light.ts) exports plain functions and types: no Nest, no TypeORM, not the module entry.',
};
const restrict = (...patterns) => ['error', { patterns }];

const webApps = [
  'apps/shell',
  'apps/mfe-inbox',
  'apps/mfe-admin',
  'apps/mfe-settings',
  'libs/ui',
  'libs/api-client',
  'libs/web-store',
];

const isRemote = (dir) => remotes.some((remote) => dir === `apps/${remote}`);
/** A remote never imports another remote. */
const noOtherRemote = (remote) => ({
  group: remotes.filter((other) => other !== remote).flatMap((other) => [`**/${other}/**`, `@teaminbox/${other}`]),
  message: 'A remote never imports another remote: share code through libs/.',
});
/** Files of a web app that may use the router directly: tests that render screens in a MemoryRouter. */
const routerUsers = (dir) => [
  `${dir}/**/*.spec.{ts,tsx}`,
  `${dir}/src/testing/**/*.{ts,tsx}`,
  `${dir}/**/detail-test-harness.tsx`,
];
/** One router for the shell and the remotes: shared through @teaminbox/ui (libs/ui/src/routing.ts). */
/**
 * libs/ui components are presentational: they take what they show and callbacks as props. The store-connected parts
 * live in libs/web-store (hooks such as useNotices, containers in src/connected, the standalone frame) or in the apps.
 */
const uiIsPresentational = {
  group: [
    '@teaminbox/web-store',
    '@teaminbox/web-store/*',
    'react-redux',
    '@teaminbox/api-client',
    '@teaminbox/api-client/*',
  ],
  message:
    'libs/ui components are presentational: take data and callbacks as props; connect to the store in libs/web-store or in the app.',
};
const noDirectRouter = {
  group: ['react-router-dom', 'react-router'],
  message: "Import routing from '@teaminbox/ui' (one shared router, only the parts the apps use).",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.nx/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: webApps.map((dir) => `${dir}/**/*.{ts,tsx}`),
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict(webNeverImportsApi, noDirectRouter),
    },
  },
  // A remote never imports another remote: what they share lives in libs/.
  ...remotes.map((remote) => ({
    files: [`apps/${remote}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': restrict(webNeverImportsApi, noDirectRouter, noOtherRemote(remote)) },
  })),
  {
    // The shared router itself, and tests that render screens in a MemoryRouter.
    files: ['libs/ui/src/routing.ts', ...webApps.filter((dir) => !isRemote(dir)).flatMap(routerUsers)],
    rules: { 'no-restricted-imports': restrict(webNeverImportsApi) },
  },
  ...remotes.map((remote) => ({
    files: routerUsers(`apps/${remote}`),
    rules: { 'no-restricted-imports': restrict(webNeverImportsApi, noOtherRemote(remote)) },
  })),
  {
    files: ['libs/ui/src/**/*.{ts,tsx}'],
    ignores: ['libs/ui/src/routing.ts', 'libs/ui/src/**/*.spec.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(webNeverImportsApi, noDirectRouter, uiIsPresentational) },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(apiNeverImportsWeb) },
  },
  {
    // Tests may wire another module's internals; production code may not.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-imports': restrict(apiNeverImportsWeb, intoAnotherModule) },
  },
  {
    files: ['apps/api/src/modules/*/light.ts'],
    rules: { 'no-restricted-imports': restrict(apiNeverImportsWeb, intoAnotherModule, heavyFromLightEntry) },
  },
  {
    files: ['apps/api/src/*.ts', 'apps/api/src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(apiNeverImportsWeb, {
        regex: '^(\\./|(\\.\\./)+)modules/[^/]+/.+',
        message: 'A module is used through its entry file only: import from modules/<name>, not from its files.',
      }),
    },
  },
  {
    files: ['apps/api/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(apiNeverImportsWeb, {
        regex: '^(\\.\\./)+modules(/|$)',
        message: 'The platform knows no feature: it never imports a module (modules depend on the platform).',
      }),
    },
  },
  {
    files: ['libs/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@teaminbox/*', '!@teaminbox/contracts'],
              message: 'contracts depends on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Playwright fixtures declare their (absent) dependencies with an empty object pattern.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);

/** Jest settings shared by the web apps and libs: jsdom, swc (TSX, automatic JSX runtime), lib sources. */
const { existsSync } = require('node:fs');
const { resolve } = require('node:path');

const repoRoot = resolve(__dirname, '../..');

function webJestConfig(rootDir, displayName) {
  return {
    displayName,
    rootDir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '^@teaminbox/(contracts|ui|api-client|web-store)$': `${repoRoot}/libs/$1/src/index.ts`,
      // Test helpers of the store (answers to server calls, a store without socket and browser notifications).
      '^@teaminbox/web-store/testing$': `${repoRoot}/libs/web-store/src/testing/index.ts`,
      '\\.css$': `${__dirname}/style-stub.js`,
    },
    // An app's texts (its i18next namespace) are registered before its tests, as its entry modules do.
    setupFilesAfterEnv: [`${__dirname}/jest.setup.ts`, ...[`${rootDir}/src/i18n/texts.ts`].filter(existsSync)],
  };
}

module.exports = { webJestConfig };

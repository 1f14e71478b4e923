/** Unit (*.spec.ts) and integration (*.int.spec.ts) tests of the API, against real Postgres. */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // oauth4webapi is ESM-only: compiled to CommonJS for jest like @nestjs.
  transformIgnorePatterns: ['/node_modules/(?!@nestjs/|oauth4webapi/)'],
  moduleNameMapper: { '^@teaminbox/contracts$': '<rootDir>/../../libs/contracts/src/index.ts' },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
};

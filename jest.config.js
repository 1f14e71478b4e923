/** Every jest project of the monorepo: one run, one report. */
module.exports = {
  // Global options: jest ignores them in a project's own configuration.
  testTimeout: 60000,
  maxWorkers: 2,
  projects: [
    '<rootDir>/apps/api/jest.config.js',
    '<rootDir>/apps/shell/jest.config.js',
    '<rootDir>/apps/mfe-inbox/jest.config.js',
    '<rootDir>/apps/mfe-admin/jest.config.js',
    '<rootDir>/apps/mfe-settings/jest.config.js',
    '<rootDir>/libs/ui/jest.config.js',
    '<rootDir>/libs/api-client/jest.config.js',
    '<rootDir>/libs/web-store/jest.config.js',
    '<rootDir>/bench/jest.config.js',
  ],
};

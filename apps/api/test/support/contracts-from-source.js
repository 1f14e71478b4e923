/**
 * Resolves @teaminbox/contracts to its TypeScript source (as jest's moduleNameMapper does), for child processes that
 * run API sources before anything is built:
 *   node -r ./apps/api/test/support/swc-register.js -r ./apps/api/test/support/contracts-from-source.js some.ts
 */
const Module = require('node:module');
const path = require('node:path');

const source = path.resolve(__dirname, '../../../../libs/contracts/src/index.ts');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveContracts(request, ...rest) {
  return request === '@teaminbox/contracts' ? source : resolveFilename.call(this, request, ...rest);
};

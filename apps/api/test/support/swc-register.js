/**
 * Minimal require hook that compiles TypeScript on the fly with @swc/core (decorators and their
 * metadata on, CommonJS). Used by child processes spawned from tests and by the benchmarks:
 *   node -r ./apps/api/test/support/swc-register.js some-script.ts
 */
const { transformSync } = require('@swc/core');
const Module = require('node:module');
const fs = require('node:fs');

const options = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

Module._extensions['.ts'] = function compileTypeScript(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, { ...options, filename });
  module._compile(code, filename);
};

// Adds up the jest and Playwright JSON reports and prints one closing line: 'tests: N passed, N failed'.
import { readFileSync, existsSync } from 'node:fs';

const [jestFile, e2eFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

if (jestFile && existsSync(jestFile)) {
  const r = JSON.parse(readFileSync(jestFile, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  skipped += r.numPendingTests + r.numTodoTests;
} else {
  console.log('jest report missing');
  failed += 1;
}
if (e2eFile && existsSync(e2eFile)) {
  const s = JSON.parse(readFileSync(e2eFile, 'utf8')).stats;
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  skipped += s.skipped;
} else {
  console.log('browser test report missing');
  failed += 1;
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

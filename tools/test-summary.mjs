// Adds up the jest and Playwright JSON reports and prints one closing line: 'tests: N passed, N failed'. A browser
// test that failed and then passed on its retry counts as passed, and is named above that line as flaky.
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
  const report = JSON.parse(readFileSync(e2eFile, 'utf8'));
  const s = report.stats;
  for (const title of flakyTitles(report.suites ?? []))
    console.log(`flaky (failed, then passed on its retry): ${title}`);
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  skipped += s.skipped;
} else {
  console.log('browser test report missing');
  failed += 1;
}
/** The titles of the browser tests whose outcome was 'flaky', as 'file › describe › test'. */
function flakyTitles(suites, path = []) {
  const titles = [];
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? [])
      if ((spec.tests ?? []).some((test) => test.status === 'flaky')) titles.push([...here, spec.title].join(' › '));
    titles.push(...flakyTitles(suite.suites ?? [], here));
  }
  return titles;
}

console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

/**
 * First load of the inbox: the built product (shell + remotes, served by the API) opened in Debian's Chromium
 * with a cold cache at /admin/inbox by a signed-in user whose team has sample emails. Prints the JavaScript
 * transferred (compressed bytes, as sent) before the first row of the list shows, and the time to that row. A file
 * counts when its response had ended by the moment the first row entered the page (what loads after it, such as the
 * realtime client and the bell, did not delay it).
 * Each run is a fresh browser profile. The budget (250 KB of JavaScript) is checked on gzip, the encoding every
 * browser accepts: RUNS loads ask for gzip only, RUNS more accept what Chromium accepts (brotli), for comparison.
 * VERBOSE=1 lists the files of the first gzip run. Needs `npm run build` first (the npm script does it).
 */
import { chromium, type Browser, type Response } from 'playwright-core';
import { startApp } from '../../e2e/support/app-server';

const RUNS = Number(process.env.RUNS ?? 5);
const BUDGET_BYTES = 250 * 1024;

async function json<T>(url: string, method: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

interface Run {
  files: { url: string; bytes: number }[];
  jsBytes: number;
  allBytes: number;
  firstRowMs: number;
  encodings: Set<string>;
}

/** One cold load of /admin/inbox; `encoding` replaces the browser's Accept-Encoding when given. */
async function load(browser: Browser, url: string, token: string, encoding?: string): Promise<Run> {
  // A new context is a new profile: nothing cached.
  const context = await browser.newContext(encoding ? { extraHTTPHeaders: { 'accept-encoding': encoding } } : {});
  try {
    await context.addInitScript({ content: `localStorage.setItem('access_token', ${JSON.stringify(token)});` });
    // The wall-clock moment the first row enters the page, on the browser's clock (as the responses' timings are).
    await context.addInitScript({
      content: `new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="email-row"]')) return;
        window.__firstRowAt = performance.timeOrigin + performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });`,
    });
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    const started = Date.now();
    await page.goto(`${url}/admin/inbox`);
    await page.getByTestId('email-row').first().waitFor({ state: 'visible', timeout: 60_000 });
    const firstRowMs = Date.now() - started;
    const firstRowAt = await page.evaluate(() => (globalThis as unknown as { __firstRowAt: number }).__firstRowAt);
    const run: Run = { files: [], jsBytes: 0, allBytes: 0, firstRowMs, encodings: new Set() };
    for (const response of [...responses]) {
      const sizes = await response.request().sizes();
      const timing = response.request().timing();
      if (timing.responseEnd < 0 || timing.startTime + timing.responseEnd > firstRowAt) continue;
      run.allBytes += sizes.responseBodySize;
      if (/javascript/.test(response.headers()['content-type'] ?? '')) {
        run.jsBytes += sizes.responseBodySize;
        run.files.push({ url: new URL(response.url()).pathname, bytes: sizes.responseBodySize });
        run.encodings.add(response.headers()['content-encoding'] ?? 'identity');
      }
    }
    return run;
  } finally {
    await context.close();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function report(label: string, runs: Run[]): { jsBytes: number; firstRowMs: number } {
  for (const [i, run] of runs.entries()) {
    console.log(
      `${label} run ${i + 1}: ${run.files.length} JS files, ${kib(run.jsBytes)} JS (${[...run.encodings].join(', ')}), ` +
        `${kib(run.allBytes)} in all, first row after ${run.firstRowMs} ms`,
    );
  }
  const result = {
    jsBytes: median(runs.map((run) => run.jsBytes)),
    firstRowMs: median(runs.map((run) => run.firstRowMs)),
  };
  console.log(
    `${label} median: ${kib(result.jsBytes)} (${result.jsBytes} bytes) of JavaScript before the first row, ` +
      `first row after ${result.firstRowMs} ms`,
  );
  return result;
}

async function main(): Promise<void> {
  const app = await startApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const account = { email: 'bench-web@example.com', password: 'correct horse battery' };
    await json(`${app.url}/api/register`, 'POST', account);
    const token = (await json<{ message: string }>(`${app.url}/api/auth/signin`, 'POST', account)).message;
    await json(`${app.url}/api/team`, 'PUT', 'Bench team', token);
    await json(`${app.url}/api/emails/sample`, 'POST', undefined, token);

    const gzip: Run[] = [];
    const browserDefault: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      gzip.push(await load(browser, app.url, token, 'gzip'));
      browserDefault.push(await load(browser, app.url, token));
    }
    if (process.env.VERBOSE) {
      for (const file of [...gzip[0].files].sort((a, b) => b.bytes - a.bytes)) {
        console.log(`  ${kib(file.bytes).padStart(10)}  ${file.url}`);
      }
    }
    const budget = report('gzip', gzip);
    report('brotli', browserDefault);
    const within = budget.jsBytes <= BUDGET_BYTES;
    console.log(`budget: ${kib(BUDGET_BYTES)} of gzipped JavaScript: ${within ? 'met' : 'EXCEEDED'}`);
    if (!within) process.exitCode = 1;
  } finally {
    await browser.close();
    await app.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

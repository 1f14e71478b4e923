/**
 * First load of the inbox: the built product (shell + remotes, served by the API) opened in Debian's Chromium
 * with a cold cache at /admin/inbox by a signed-in user whose team has sample emails. Prints the JavaScript
 * transferred (compressed bytes, as sent) before the first row of the list shows, and the time to that row.
 * Runs RUNS times, each in a fresh browser profile. Needs `npm run build` first (the npm script does it).
 */
import { chromium, type Response } from 'playwright-core';
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
  jsBytes: number;
  jsFiles: number;
  allBytes: number;
  firstRowMs: number;
  encodings: Set<string>;
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

    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      // A new context is a new profile: nothing cached.
      const context = await browser.newContext();
      await context.addInitScript({ content: `localStorage.setItem('access_token', ${JSON.stringify(token)});` });
      const page = await context.newPage();
      const responses: Response[] = [];
      page.on('response', (response) => responses.push(response));
      const started = Date.now();
      await page.goto(`${app.url}/admin/inbox`);
      await page.getByTestId('email-row').first().waitFor({ state: 'visible', timeout: 60_000 });
      const firstRowMs = Date.now() - started;
      const seen = [...responses];
      let jsBytes = 0;
      let jsFiles = 0;
      let allBytes = 0;
      const encodings = new Set<string>();
      for (const response of seen) {
        const sizes = await response.request().sizes();
        allBytes += sizes.responseBodySize;
        const type = response.headers()['content-type'] ?? '';
        if (/javascript/.test(type)) {
          jsBytes += sizes.responseBodySize;
          jsFiles += 1;
          encodings.add(response.headers()['content-encoding'] ?? 'identity');
        }
      }
      runs.push({ jsBytes, jsFiles, allBytes, firstRowMs, encodings });
      await context.close();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    for (const [i, run] of runs.entries()) {
      console.log(
        `run ${i + 1}: ${run.jsFiles} JS files, ${(run.jsBytes / 1024).toFixed(1)} KiB JS (${[...run.encodings].join(', ')}), ` +
          `${(run.allBytes / 1024).toFixed(1)} KiB in all, first row after ${run.firstRowMs} ms`,
      );
    }
    const jsKiB = median(runs.map((run) => run.jsBytes)) / 1024;
    console.log(
      `median: ${jsKiB.toFixed(1)} KiB of JavaScript before the first row (budget ${BUDGET_BYTES / 1024} KiB), ` +
        `first row after ${median(runs.map((run) => run.firstRowMs))} ms`,
    );
    if (jsKiB * 1024 > BUDGET_BYTES) process.exitCode = 1;
  } finally {
    await browser.close();
    await app.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

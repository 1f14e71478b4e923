import { test as base, expect, type Page } from '@playwright/test';
import type { Email, Page as EmailPage } from '@teaminbox/contracts';
import { randomUUID } from 'node:crypto';
import { A11yWatch, describeViolations } from './accessibility';
import { waitForMail } from './mail-sink';

export interface Account {
  email: string;
  password: string;
}

export const test = base.extend<{ account: Account; a11y: A11yWatch; csp: string[] }>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the app');
    await use(url);
  },
  account: async ({}, use) => {
    await use({ email: `user-${randomUUID().slice(0, 8)}@example.test`, password: 'correct horse battery' });
  },
  /** axe on every screen the test visits: serious or critical violations fail the test. */
  a11y: [
    async ({ context }, use) => {
      const watch = new A11yWatch(context);
      await watch.watchOverlays(context);
      await use(watch);
      const violations = await watch.finish(context);
      expect(violations, `accessibility violations:\n${describeViolations(violations)}`).toEqual([]);
    },
    { auto: true },
  ],
  /**
   * The product works under its own Content-Security-Policy: anything the policy blocks in the app's pages (a
   * script, a style, a connection, a frame) fails the test. Only the pages' own documents are watched: an email body's
   * frame has a stricter policy of its own whose blocking is intended.
   */
  csp: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
        violations.push(`${page.url()}: ${text}`);
      });
      await context.addInitScript(() => {
        if (window !== window.top) return;
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
          void report(
            `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Registers through the Register screen and checks the success view. */
export async function registerViaUi(page: Page, account: Account): Promise<void> {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: "Let's make an account!" })).toBeVisible();
  await page.getByTestId('register-email').fill(account.email);
  await page.getByTestId('register-password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account Created Successfully!')).toBeVisible();
}

/** Signs in through the Login screen and waits for the dashboard. */
export async function loginViaUi(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

/**
 * Registers and signs in through the API only (for tests about other screens). The address is proven the way its
 * owner proves it (a login link mailed to it, used, then the same password set again) unless `proven: false`: only
 * proven accounts send invitations and get notification email.
 */
export async function signUpViaApi(
  baseURL: string,
  account: Account,
  { proven = true }: { proven?: boolean } = {},
): Promise<string> {
  const reg = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!reg.ok) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  if (proven) await proveViaApi(baseURL, account);
  return signInViaApi(baseURL, account);
}

/** Proves the account's address: a login link sent to it and used; the password is set again (the link clears it). */
export async function proveViaApi(baseURL: string, account: Account): Promise<void> {
  const startedAt = Date.now();
  const sent = await fetch(`${baseURL}/api/sendLoginLink`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email }),
  });
  if (!sent.ok) throw new Error(`sendLoginLink failed: ${sent.status} ${await sent.text()}`);
  const mail = await waitForMail(
    account.email,
    (m) => /\/loginLink\//.test(m.text ?? '') && (m.date?.getTime() ?? 0) >= startedAt - 1000,
  );
  const token = /\/loginLink\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error('no login link in the mail');
  let linkToken = '';
  for (let attempt = 1; !linkToken; attempt++) {
    const res = await fetch(`${baseURL}/api/auth/loginLinkSignin/${token}`);
    if (res.ok) linkToken = ((await res.json()) as { token: string }).token;
    else if (res.status !== 425 || attempt >= 40) throw new Error(`login link refused: ${res.status}`);
    else await new Promise((r) => setTimeout(r, 250));
  }
  await api(baseURL, linkToken, 'PUT', '/me/password', { newPassword: account.password });
}

/** Signs in through the API and returns the access token. */
export async function signInViaApi(baseURL: string, account: Account): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await res.json()) as { success: boolean; message: string };
  if (!body.success) throw new Error(`sign-in failed: ${body.message}`);
  return body.message;
}

export async function createTeamViaApi(baseURL: string, token: string, name: string): Promise<void> {
  const res = await fetch(`${baseURL}/api/team`, {
    method: 'PUT',
    headers: { 'content-type': 'text/plain', authorization: `Bearer ${token}` },
    body: name,
  });
  if (!res.ok) throw new Error(`create team failed: ${res.status} ${await res.text()}`);
}

/** Signs the page in with a token: stored where the shell keeps it, on the app's origin (the shared app by default). */
export async function useToken(page: Page, token: string, appUrl = '/'): Promise<void> {
  await page.goto(appUrl);
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
}

export function newAccount(prefix = 'user'): Account {
  return { email: `${prefix}-${randomUUID().slice(0, 8)}@example.test`, password: 'correct horse battery' };
}

/** Calls the API with a bearer token and returns the parsed body (throws on a non-2xx status). */
export async function api<T = unknown>(
  baseURL: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(typeof body === 'string'
        ? { 'content-type': 'text/plain' }
        : body
          ? { 'content-type': 'application/json' }
          : {}),
    },
    body: typeof body === 'string' ? body : body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Opens the user menu and logs out; checks the token is gone and the visitor is on the home page. */
export async function logoutViaUi(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
}

/**
 * A second member for a team, the way people join: the admin invites the address, the person registers with the
 * emailed invitation token and signs in. Returns the member's token.
 */
export async function joinTeamViaApi(baseURL: string, adminToken: string, account: Account): Promise<string> {
  await api(baseURL, adminToken, 'PUT', '/invitation', { email: account.email });
  const mail = await waitForMail(account.email, (m) => /\/invitation\//.test(m.text ?? ''));
  const invitationId = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  if (!invitationId) throw new Error('no invitation link in the mail');
  const reg = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, invitationId }),
  });
  if (!reg.ok) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  return signInViaApi(baseURL, account);
}

/** The SMTP settings of the browser tests' mail sink (started by the global setup; it accepts any login). */
export function sinkSmtp(): Record<string, unknown> {
  const url = process.env.E2E_SMTP_URL;
  if (!url) throw new Error('E2E_SMTP_URL is not set: the global setup did not start the mail sink');
  const smtp = new URL(url);
  return {
    smtpHost: smtp.hostname,
    smtpPort: Number(smtp.port),
    smtpUseSsl: false,
    smtpUseTls: false,
    smtpUsername: 'e2e',
    smtpPassword: 'e2e',
  };
}

/** Saves an active mailbox whose IMAP side is a test Dovecot; SMTP is a placeholder unless `overrides` says otherwise. */
export async function connectDovecotViaApi(
  baseURL: string,
  token: string,
  dovecot: { host: string; port: number; user: string; password: string },
  overrides: Record<string, unknown> = {},
): Promise<void> {
  await api(baseURL, token, 'POST', '/email-server-config', {
    imapHost: dovecot.host,
    imapPort: dovecot.port,
    imapUsername: dovecot.user,
    imapPassword: dovecot.password,
    imapUseSsl: false,
    smtpHost: 'smtp.example.test',
    smtpUsername: 'u',
    smtpPassword: 'p',
    fromEmail: 'support@example.test',
    isActive: true,
    ...overrides,
  });
}

/**
 * Waits until the team's mailbox has finished a sync and none is running (`lastSyncAt` set, no `syncProgress`): after
 * the first one, new mail arrives as live mail (the rules act on it), not as old mail of the first synchronisation.
 */
export async function waitForSyncOverViaApi(baseURL: string, token: string, timeout = 30_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const status = await api<{ lastSyncAt: string | null; syncProgress: unknown }>(
          baseURL,
          token,
          'GET',
          '/email-server-config',
        );
        return status.syncProgress === null && status.lastSyncAt !== null;
      },
      { timeout },
    )
    .toBe(true);
}

/**
 * Waits (30 s at most) until the team's inbox lists an email with this subject and returns it. With
 * `fetch: true` each look first asks for a sync (Fetch Emails) instead of waiting for the mailbox worker.
 */
export async function waitForEmailViaApi(
  baseURL: string,
  token: string,
  subject: string,
  options: { fetch?: boolean } = {},
): Promise<Email> {
  let email: Email | undefined;
  await expect
    .poll(
      async () => {
        if (options.fetch) await api(baseURL, token, 'POST', '/emails/fetch');
        const { content } = await api<EmailPage<Email>>(baseURL, token, 'GET', '/emails?size=50');
        email = content.find((candidate) => candidate.subject === subject);
        return Boolean(email);
      },
      { timeout: 30_000, ...(options.fetch ? { intervals: [500, 1000, 2000] } : {}) },
    )
    .toBe(true);
  return email!;
}

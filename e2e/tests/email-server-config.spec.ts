import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/app-server';
import { startDovecot, type TestDovecot } from '../support/dovecot';
import { api, expect, test, useToken } from '../support/fixtures';
import { adminWithTeam } from '../support/teams';
import { plainTextMessage } from '../support/customer-mail';
import { startMailSink } from '../support/mail-sink';

const rawMessage = (subject: string) =>
  plainTextMessage(
    'Alice Customer <alice@example.com>',
    subject,
    'Hello, my parcel has not arrived yet. Could you check it, please?',
  );

test.describe('the email server configuration screen', () => {
  let dovecot: TestDovecot;
  let sink: { url: string; stop(): Promise<void> };
  let sinkDir: string;

  test.beforeAll(async () => {
    dovecot = await startDovecot();
    sinkDir = mkdtempSync(join(tmpdir(), 'teaminbox-e2e-smtp-'));
    sink = await startMailSink(sinkDir, await freePort());
  });
  test.afterAll(async () => {
    await sink?.stop();
    await dovecot?.stop();
    if (sinkDir) rmSync(sinkDir, { recursive: true, force: true });
  });

  test('configures a real IMAP server, keeps the password secret and shows new mail live in the inbox', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { token } = await adminWithTeam(baseURL!, 'mailadmin', 'Mail crew');
    await useToken(page, token);

    // No configuration yet: the page opens in editing mode with the defaults of a new configuration.
    await page.goto('/admin/email-server-config');
    await expect(page.getByRole('heading', { name: 'Email Server Configuration' })).toBeVisible();
    await expect(page.getByTestId('config-test')).toBeVisible();
    await expect(page.getByTestId('config-save')).toBeVisible();
    await expect(page.getByTestId('fetch-emails')).toHaveCount(0);
    await expect(page.getByTestId('imap-port')).toHaveValue('993');
    await expect(page.getByTestId('smtp-port')).toHaveValue('587');
    await expect(page.getByTestId('imap-folder')).toHaveValue('INBOX');
    await expect(page.locator('#imap-ssl')).toBeChecked();
    await expect(page.locator('#smtp-tls')).toBeChecked();

    // A preset fills the real host names.
    await page.getByTestId('config-preset-gmail').click();
    await expect(page.getByTestId('imap-host')).toHaveValue('imap.gmail.com');
    await expect(page.getByTestId('smtp-host')).toHaveValue('smtp.gmail.com');

    // The three validation messages, verbatim, in the spec's order.
    const message = page.getByTestId('config-message');
    await page.getByTestId('imap-host').fill('');
    await page.getByTestId('config-save').click();
    await expect(message).toHaveText('Please fill in all IMAP settings');

    await page.getByTestId('imap-host').fill(dovecot.host);
    await page.getByTestId('imap-port').fill(String(dovecot.port));
    await page.getByTestId('imap-username').fill(dovecot.user);
    await page.getByTestId('imap-password').fill(dovecot.password);
    await page.getByTestId('smtp-host').fill('');
    await page.getByTestId('config-test').click();
    await expect(message).toHaveText('Please fill in all SMTP settings');

    const sinkPort = new URL(sink.url).port;
    await page.getByTestId('smtp-host').fill('127.0.0.1');
    await page.getByTestId('smtp-port').fill(sinkPort);
    await page.getByTestId('smtp-username').fill('support@example.test');
    await page.getByTestId('smtp-password').fill('smtp-secret-pw');
    await page.getByTestId('config-save').click();
    await expect(message).toHaveText('Please fill in the From Email address');

    // The local servers speak plaintext: SSL off for IMAP, neither SSL nor TLS for SMTP.
    await page.getByTestId('imap-ssl').click();
    await expect(page.locator('#imap-ssl')).not.toBeChecked();
    await page.getByTestId('smtp-tls').click();
    await expect(page.locator('#smtp-tls')).not.toBeChecked();
    await expect(page.locator('#smtp-ssl')).not.toBeChecked();
    await page.getByTestId('from-email').fill('support@example.test');
    await page.getByTestId('from-name').fill('Support');
    await page.getByTestId('config-active').click();
    await expect(page.locator('#config-active')).toBeChecked();

    await page.getByTestId('config-test').click();
    // The success text is the server's answer.
    await expect(message).toHaveText('Connection successful', { timeout: 20_000 });

    await page.getByTestId('config-save').click();
    await expect(message).toHaveText('Email server configuration saved');
    // View mode: Edit and Fetch Emails, no Save.
    await expect(page.getByTestId('fetch-emails')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fetch Emails' })).toBeVisible();
    await expect(page.getByTestId('config-edit')).toBeVisible();
    await expect(page.getByTestId('config-save')).toHaveCount(0);

    // The password never comes back: the inputs are empty and only show a placeholder.
    await expect(page.getByTestId('imap-password')).toHaveValue('');
    await expect(page.getByTestId('imap-password')).toHaveAttribute('placeholder', '••••••••');
    await expect(page.getByTestId('smtp-password')).toHaveValue('');
    await page.reload();
    await expect(page.getByTestId('imap-host')).toHaveValue(dovecot.host);
    await expect(page.getByTestId('imap-password')).toHaveValue('');
    await expect(page.getByTestId('imap-password')).toHaveAttribute('placeholder', '••••••••');
    const stored = await api<Record<string, unknown>>(baseURL!, token, 'GET', '/email-server-config');
    expect(stored).toMatchObject({ imapHost: dovecot.host, imapPort: dovecot.port, isActive: true });
    expect(stored.imapPasswordSet).toBe(true);
    expect(stored.smtpPasswordSet).toBe(true);
    expect(Object.keys(stored).filter((key) => /password$/i.test(key))).toEqual([]);
    const storedText = JSON.stringify(stored);
    expect(storedText).not.toContain(dovecot.password);
    expect(storedText).not.toContain('smtp-secret-pw');

    // New mail in the mailbox appears in the open inbox without a reload.
    await page.goto('/admin/inbox');
    await expect(page.getByTestId('realtime-status')).toHaveText(/Připojeno/);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const subject = `Parcel question ${Date.now()}`;
    const client = await dovecot.client();
    try {
      await client.append('INBOX', rawMessage(subject));
    } finally {
      await client.logout();
    }
    await expect(page.getByTestId('email-subject').filter({ hasText: subject })).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});

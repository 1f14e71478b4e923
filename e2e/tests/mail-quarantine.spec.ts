import type { QuarantinedMessage } from '@teaminbox/contracts';
import { type RunningApp, startApp } from '../support/app-server';
import { startDovecot, type TestDovecot } from '../support/dovecot';
import {
  api,
  connectDovecotViaApi,
  expect,
  joinTeamViaApi,
  newAccount,
  signInViaApi,
  test,
  useToken,
  waitForEmailViaApi,
} from '../support/fixtures';
import { plainTextMessage } from '../support/customer-mail';
import { adminWithTeam } from '../support/teams';

/**
 * The quarantine on the email server configuration screen: a message over the size limit is held with its reason
 * (the folder goes on), Retry records another attempt while the cause remains, and imports the message once the
 * limit allows it. Its own instance of the product, started with a 64 kB limit and again with the default one.
 */

const SMALL_LIMIT = 64 * 1024;

function message(subject: string, bodyBytes = 200): string {
  const lines = Array.from({ length: Math.ceil(bodyBytes / 76) }, (_, i) =>
    `Line ${i} of the attached report.`.padEnd(76, '.'),
  );
  return plainTextMessage('Bob Customer <bob@example.com>', subject, lines.join('\r\n'));
}

test.describe('quarantined messages', () => {
  let dovecot: TestDovecot;
  const apps: RunningApp[] = [];

  test.beforeAll(async () => {
    dovecot = await startDovecot();
  });
  test.afterAll(async () => {
    for (const app of apps) await app.stop();
    await dovecot?.stop();
  });

  test('are listed for an ADMIN with their reason, and Retry imports one once its cause is gone', async ({ page }) => {
    test.setTimeout(120_000);
    const env = { ALLOW_PRIVATE_MAIL_HOSTS: 'true', MAIL_MAX_MESSAGE_BYTES: String(SMALL_LIMIT) };
    const first = await startApp(env);
    apps.push(first);
    const { account, token } = await adminWithTeam(first.url, 'quarantine', 'Quarantine team');
    const imap = await dovecot.client();
    await imap.append('INBOX', message('Big quarterly report', 100 * 1024));
    await imap.append('INBOX', message('Small question after it'));
    await imap.logout();
    await connectDovecotViaApi(first.url, token, dovecot);

    // The folder went on past the large message.
    await waitForEmailViaApi(first.url, token, 'Small question after it');
    await expect
      .poll(
        async () =>
          (await api<QuarantinedMessage[]>(first.url, token, 'GET', '/email-server-config/quarantine')).length,
      )
      .toBe(1);

    await useToken(page, token, first.url);
    await page.goto(`${first.url}/admin/email-server-config`);
    const row = page.getByTestId('quarantine-row');
    await expect(page.getByTestId('quarantine')).toContainText('Quarantined messages');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('quarantine-reason')).toHaveText(
      /^The message is larger than the limit of 0\.1 MB \(0\.1 MB\); it was not imported\.$/,
    );
    await expect(row).toContainText('INBOX');
    // Nothing was stored of it: there is no original to download, Retry fetches it again.
    await expect(row.getByTestId('quarantine-download')).toBeDisabled();
    await row.getByTestId('quarantine-retry').click();
    await expect(page.getByTestId('config-message')).toContainText('Still in quarantine: The message is larger than');
    await expect(row.getByTestId('quarantine-attempts')).toHaveText('2');

    // The limit is raised (the product starts again on the same data with the default 50 MB); Retry imports it.
    await first.kill();
    const second = await startApp({ ALLOW_PRIVATE_MAIL_HOSTS: 'true' }, { workDir: first.workDir });
    apps.push(second);
    const again = await signInViaApi(second.url, account);
    await useToken(page, again, second.url);
    await page.goto(`${second.url}/admin/email-server-config`);
    await expect(page.getByTestId('quarantine-row')).toHaveCount(1);
    await page.getByTestId('quarantine-retry').click();
    await expect(page.getByTestId('config-message')).toHaveText('The message was imported into the inbox.');
    await expect(page.getByTestId('quarantine-row')).toHaveCount(0);
    await expect(page.getByTestId('quarantine')).toContainText('No message is in quarantine.');
    await page.goto(`${second.url}/admin/inbox`);
    await expect(page.getByText('Big quarterly report')).toBeVisible();
  });

  test('are not shown to a MEMBER, who sees the configuration read-only (Czech)', async ({ page, baseURL }) => {
    const { token: adminToken } = await adminWithTeam(baseURL!, 'quarantine-admin', 'Read-only team');
    await connectDovecotViaApi(baseURL!, adminToken, dovecot, { isActive: false });
    const memberToken = await joinTeamViaApi(baseURL!, adminToken, newAccount('quarantine-member'));
    await useToken(page, memberToken);
    await page.evaluate(() => localStorage.setItem('language', 'cs'));
    await page.goto('/admin/email-server-config');
    await expect(page.getByTestId('config-read-only')).toHaveText(
      'Konfiguraci e-mailového serveru může měnit jen ADMIN nebo MAINTAINER.',
    );
    await expect(page.getByTestId('imap-host')).toHaveValue(dovecot.host);
    await expect(page.getByTestId('imap-host')).toBeDisabled();
    await expect(page.getByTestId('config-edit')).toHaveCount(0);
    await expect(page.getByTestId('fetch-emails')).toHaveCount(0);
    await expect(page.getByTestId('quarantine')).toHaveCount(0);
  });
});

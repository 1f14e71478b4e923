import type { EmailHistoryEntry } from '@teaminbox/contracts';
import { startDovecot, type TestDovecot } from '../support/dovecot';
import {
  api,
  connectDovecotViaApi,
  createTeamViaApi,
  expect,
  newAccount,
  signUpViaApi,
  sinkSmtp,
  test,
  useToken,
  waitForEmailViaApi,
} from '../support/fixtures';
import { waitForDelivery } from '../support/mail-sink';

const DAY_MS = 86_400_000;

test.describe("the reply form's Bcc and 'Remind me if no answer by'", () => {
  let dovecot: TestDovecot;

  test.beforeAll(async () => {
    dovecot = await startDovecot();
  });
  test.afterAll(async () => {
    await dovecot?.stop();
  });

  test('a reply with a Bcc and a reminder in 3 days: the Bcc gets it unnamed, the email keeps the reminder', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const token = await signUpViaApi(baseURL!, newAccount('reminder'));
    await createTeamViaApi(baseURL!, token, 'reminder crew');
    await connectDovecotViaApi(baseURL!, token, dovecot, { ...sinkSmtp(), fromName: 'Support' });
    const stamp = Date.now().toString(36);
    const customer = `alice-${stamp}@example.org`;
    const ledger = `ledger-${stamp}@example.org`;
    const subject = `Refund ${stamp}`;
    const imap = await dovecot.client();
    await imap.append(
      'INBOX',
      [
        `From: Alice <${customer}>`,
        'To: support@example.test',
        `Subject: ${subject}`,
        `Message-ID: <remind-${stamp}@example.org>`,
        `Date: ${new Date().toUTCString()}`,
        '',
        'Where is my refund?',
        '',
      ].join('\r\n'),
    );
    await imap.logout();
    const email = await waitForEmailViaApi(baseURL!, token, subject);

    await useToken(page, token);
    await page.goto(`/admin/email-detail/${email.id}`);
    await expect(page.getByTestId('reply-to')).toHaveValue(customer);
    await page.getByTestId('reply-bcc').fill(`${ledger}, `);
    await page.getByTestId('reply-body').fill('The refund went out today.');
    await page.getByTestId('reply-remind').click();
    const chosenAt = Date.now();
    await page.getByTestId('reply-remind-in3Days').click();
    await expect(page.getByTestId('reply-reminder')).toContainText('Remind me if no answer by');
    await page.getByTestId('reply-send').click();

    // The blind copy reaches its address, and no header names it.
    const blind = await waitForDelivery(ledger, (mail) => mail.subject === `Re: ${subject}`, 30_000);
    expect(blind.text).toContain('The refund went out today.');
    expect(JSON.stringify(blind.headers.get('to') ?? '')).not.toContain(ledger);
    expect(blind.headers.has('bcc')).toBe(false);
    // The form is ready for the next reply, without a reminder.
    await expect(page.getByTestId('reply-remind')).toBeVisible();

    // The email's history holds the reminder, due three days after it was chosen.
    await expect
      .poll(
        async () =>
          (await api<EmailHistoryEntry[]>(baseURL!, token, 'GET', `/emails/${email.id}/history`)).filter(
            (entry) => entry.type === 'ReminderSet',
          ).length,
        { timeout: 30_000 },
      )
      .toBe(1);
    const history = await api<EmailHistoryEntry[]>(baseURL!, token, 'GET', `/emails/${email.id}/history`);
    const due = Date.parse(history.find((entry) => entry.type === 'ReminderSet')?.change.until ?? '');
    expect(Math.abs(due - (chosenAt + 3 * DAY_MS))).toBeLessThan(60_000);
  });
});

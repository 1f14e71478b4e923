import type { Email, ThreadMessage } from '@teaminbox/contracts';
import { startDovecot, type TestDovecot } from '../support/dovecot';
import {
  api,
  connectDovecotViaApi,
  createTeamViaApi,
  expect,
  joinTeamViaApi,
  newAccount,
  signUpViaApi,
  sinkSmtp,
  test,
  useToken,
  waitForEmailViaApi,
} from '../support/fixtures';
import { waitForDelivery, waitForMail } from '../support/mail-sink';

test.describe('Compose: a new conversation from the team', () => {
  let dovecot: TestDovecot;

  test.beforeAll(async () => {
    dovecot = await startDovecot();
  });
  test.afterAll(async () => {
    await dovecot?.stop();
  });

  test('a new email with the signature, bold text and a Bcc is delivered, shown live to a teammate, kept in Sent, reads as sent by its author, and the answer joins it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const composer = newAccount('composer');
    const token = await signUpViaApi(baseURL!, composer);
    await createTeamViaApi(baseURL!, token, 'Compose crew');
    const teammateToken = await joinTeamViaApi(baseURL!, token, newAccount('teammate'));
    await connectDovecotViaApi(baseURL!, token, dovecot, { ...sinkSmtp(), fromName: 'Support' });
    const settings = await api<Record<string, unknown>>(baseURL!, token, 'GET', '/notification-settings');
    await api(baseURL!, token, 'PUT', '/notification-settings', {
      ...settings,
      htmlSignature: '<p>Jana Nováková<br><i>Support</i></p>',
    });
    const stamp = Date.now().toString(36);
    const dana = `dana-${stamp}@example.org`;
    const boss = `boss-${stamp}@example.org`;
    const subject = `Your order ${stamp}`;

    // A teammate has the inbox open in another browser.
    const teammateContext = await browser.newContext();
    const teammatePage = await teammateContext.newPage();
    await useToken(teammatePage, teammateToken);
    await teammatePage.goto('/admin/inbox');
    await expect(teammatePage.getByTestId('compose')).toBeVisible();

    await useToken(page, token);
    await page.goto('/admin/inbox');
    await page.getByTestId('compose').click();
    const dialog = page.getByTestId('compose-dialog');
    await expect(dialog).toBeVisible();
    // The rich editor opens with the signature, once, below an empty line to write in.
    const editor = dialog.getByTestId('compose-html-body').locator('.ql-editor');
    await expect(editor).toContainText('Jana Nováková');
    await dialog.getByTestId('compose-to').fill(dana);
    await dialog.getByTestId('compose-bcc').fill(boss);
    await dialog.getByTestId('compose-subject').fill(subject);
    await editor.locator('p').first().click();
    await page.keyboard.type('Your order ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('shipped');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' today.');
    await dialog.getByTestId('compose-file-input').setInputFiles({
      name: 'invoice.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('INVOICE-42'),
    });
    await expect(dialog.getByTestId('compose-attachment')).toHaveText(/invoice\.txt \(10 B\)/);
    await dialog.getByTestId('compose-send').click();
    await expect(page.getByText('Email queued for sending')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The new conversation is in the list, and in the teammate's without a reload.
    await expect(page.getByTestId('email-row').filter({ hasText: subject })).toHaveCount(1);
    await expect(teammatePage.getByTestId('email-row').filter({ hasText: subject })).toHaveCount(1);
    await teammateContext.close();

    const sent = await waitForMail(dana, (mail) => mail.subject === subject, 30_000);
    expect(sent.from?.value).toEqual([{ name: 'Support', address: 'support@example.test' }]);
    expect(sent.html).toMatch(/<(strong|b)>shipped<\/(strong|b)>/);
    expect(sent.html).toContain('Jana Nováková');
    expect(sent.text).toContain('Your order shipped today.');
    expect(sent.text).toContain('Jana Nováková\nSupport');
    expect(sent.text).not.toContain('<');
    expect((sent.text ?? '').match(/Jana Nováková/g)).toHaveLength(1);
    expect(sent.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['invoice.txt', 'INVOICE-42']]);
    const messageId = sent.messageId!;
    // The Bcc recipient gets the same message; no header names them.
    const blind = await waitForDelivery(boss, (mail) => mail.subject === subject, 30_000);
    expect(blind.messageId).toBe(messageId);
    for (const copy of [sent, blind]) {
      expect(copy.bcc).toBeUndefined();
      expect(copy.headerLines.map((header) => header.line).join('\n')).not.toContain(boss);
    }

    // The message is kept in the mailbox's Sent folder.
    await expect
      .poll(
        async () => {
          const imap = await dovecot.client();
          try {
            if (!(await imap.list()).some((folder) => folder.path === 'Sent')) return 0;
            const lock = await imap.getMailboxLock('Sent');
            try {
              const found = await imap.search({ header: { 'message-id': messageId } });
              return Array.isArray(found) ? found.length : 0;
            } finally {
              lock.release();
            }
          } finally {
            await imap.logout();
          }
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    // Dana answers (In-Reply-To our Message-ID): the answer joins the conversation.
    const imap = await dovecot.client();
    await imap.append(
      'INBOX',
      [
        `From: Dana <${dana}>`,
        'To: support@example.test',
        `Subject: Re: ${subject}`,
        `Message-ID: <answer-${stamp}@example.org>`,
        `In-Reply-To: ${messageId}`,
        `References: ${messageId}`,
        `Date: ${new Date(Date.now() + 60_000).toUTCString()}`,
        '',
        'Thanks, it arrived.',
        '',
      ].join('\r\n'),
    );
    await imap.logout();
    const answer = await waitForEmailViaApi(baseURL!, token, `Re: ${subject}`);
    const composed = (await api<{ content: Email[] }>(baseURL!, token, 'GET', '/emails?size=50')).content.find(
      (email) => email.subject === subject,
    )!;
    await expect
      .poll(async () =>
        (await api<ThreadMessage[]>(baseURL!, token, 'GET', `/emails/${answer.id}/thread`)).map((m) => [
          m.id,
          m.direction,
        ]),
      )
      .toEqual([
        [composed.id, 'outgoing'],
        [answer.id, 'incoming'],
      ]);
    await page.goto(`/admin/email-detail/${answer.id}`);
    await expect(page.getByTestId('thread').getByTestId('thread-message')).toHaveCount(2);

    // The composed message reads as the one its author sent (with its Bcc), not as a reply.
    await page.goto(`/admin/email-detail/${composed.id}`);
    await expect(page.getByTestId('email-detail-sent-by')).toContainText(`Sent by ${composer.email}`);
    await expect(page.getByTestId('email-meta')).toContainText(`Bcc${boss}`);
    await page.getByTestId('history-toggle').click();
    const entries = page.getByTestId('history-entry');
    await expect(entries.nth(0).getByTestId('history-change')).toHaveText(`Composed "${subject}"`);
    await expect(entries.nth(0).getByTestId('history-actor')).toHaveText(composer.email);
    await expect(entries.nth(1).getByTestId('history-change')).toHaveText(`Message queued: ${subject}`);
    await page.getByTestId('history-toggle').click();
    await page.getByTestId('view-mode').getByText('Timeline').click();
    const first = page.getByTestId('timeline').getByTestId('timeline-event').first();
    await expect(first).toHaveAttribute('data-type', 'composed');
    await expect(first).toContainText('Composed');
    await expect(first).toContainText(composer.email);
  });
});

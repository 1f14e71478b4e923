import type {
  CurrentUser,
  Email,
  EmailDetail,
  EmailHistoryEntry,
  Page as EmailPage,
  SendReplyResponse,
} from '@teaminbox/contracts';
import type { Page } from '@playwright/test';
import {
  api,
  expect,
  joinTeamViaApi,
  newAccount,
  sinkSmtp,
  test,
  useToken,
  waitForEmailViaApi,
} from '../support/fixtures';
import { teamWithInbox, useDovecot } from '../support/teams';
import { waitForMail } from '../support/mail-sink';

/** How far ahead a reminder is due: long enough to archive the email first, short enough to wait for. */
const REMINDER_SECONDS = 15;

test.describe('snooze and reminders: a customer answer, a reminder without an answer, bulk snooze', () => {
  const dovecot = useDovecot();

  /**
   * A team whose inbox is the Dovecot, with Bob; a customer's question assigned to Bob, and Bob's reply to it (its
   * reminder set when `remindIn` is given). Returns what the steps need.
   */
  async function questionRepliedByBob(baseURL: string, prefix: string, remindIn?: number) {
    const { token: adminToken } = await teamWithInbox(baseURL, dovecot(), `${prefix}-admin`, `${prefix} crew`, {
      ...sinkSmtp(),
      fromName: 'Support',
    });
    const bobToken = await joinTeamViaApi(baseURL, adminToken, newAccount(`${prefix}-bob`));
    const bob = await api<CurrentUser>(baseURL, bobToken, 'GET', '/loggedInUser');
    const stamp = Date.now().toString(36);
    const customer = `carol-${stamp}@example.org`;
    const subject = `Heating ${stamp}`;
    const deliver = async (headers: string[], body: string) => {
      const imap = await dovecot().client();
      try {
        await imap.append(
          'INBOX',
          [
            `From: Carol Customer <${customer}>`,
            'To: support@example.test',
            ...headers,
            `Date: ${new Date().toUTCString()}`,
            '',
            body,
            '',
          ].join('\r\n'),
        );
      } finally {
        await imap.logout();
      }
    };
    await deliver([`Subject: ${subject}`, `Message-ID: <question-${stamp}@example.org>`], 'The radiator is cold.');
    const question = await waitForEmailViaApi(baseURL, bobToken, subject);
    await api(baseURL, bobToken, 'PUT', `/emails/${question.id}/assign`, { assignedTo: bob.id });
    const dueAt = remindIn ? new Date(Date.now() + remindIn * 1000).toISOString() : undefined;
    const replied = await api<SendReplyResponse>(baseURL, bobToken, 'POST', '/emails/send-reply', {
      emailId: question.id,
      teamId: bob.teamId,
      to: [customer],
      subject: `Re: ${subject}`,
      body: 'Bleed the radiator, please.',
      ...(dueAt ? { remindIfNoAnswerBy: dueAt } : {}),
    });
    const ours = await waitForMail(customer, (mail) => (mail.messageId ?? '').includes(replied.replyId));
    /** The customer answers our reply; waits until the answer is in the inbox. */
    const answer = async () => {
      await deliver(
        [
          `Subject: Re: ${subject}`,
          `Message-ID: <answer-${stamp}@example.org>`,
          `In-Reply-To: ${ours.messageId!}`,
          `References: ${ours.messageId!}`,
        ],
        'Done, it is warm now.',
      );
      return waitForEmailViaApi(baseURL, bobToken, `Re: ${subject}`);
    };
    const history = (emailId: string) =>
      api<EmailHistoryEntry[]>(baseURL, bobToken, 'GET', `/emails/${emailId}/history`);
    return { bobToken, question, subject, stamp, dueAt, answer, history };
  }

  /** The bell's items of a type about this subject. */
  const bellItems = (page: Page, type: string, subject: string) =>
    page.locator(`[data-testid="bell-item"][data-type="${type}"]`).filter({ hasText: subject });

  test("bulk snooze from the list; the customer's answer before the time wakes it at once", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const { bobToken, question, subject, stamp, answer, history } = await questionRepliedByBob(baseURL!, 'wake');

    // Bob snoozes the conversation from the list: selection, Snooze, Tomorrow morning.
    await useToken(page, bobToken);
    await page.goto('/admin/inbox');
    const rows = page.getByTestId('email-row').filter({ hasText: stamp });
    await expect(rows).toHaveCount(1);
    await rows.first().locator('.p-selection-column input[type="checkbox"]').check({ force: true });
    await page.getByTestId('bulk-snooze').click();
    const menu = page.getByTestId('bulk-snooze-menu');
    await expect(menu.getByRole('button', { name: 'Later today' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Next week' })).toBeVisible();
    await menu.getByRole('button', { name: 'Tomorrow morning' }).click();
    await expect(page.getByText(/^Snoozed until /)).toBeVisible();
    await expect(rows).toHaveCount(0);
    const snoozed = await api<EmailDetail>(baseURL!, bobToken, 'GET', `/emails/${question.id}`);
    expect(Date.parse(snoozed.snoozedUntil!)).toBeGreaterThan(Date.now() + 60_000);
    await page.getByTestId('folders').getByText('Snoozed', { exact: true }).click();
    await expect(page.getByTestId('email-subject').filter({ hasText: subject })).toHaveCount(1);

    // The customer answers long before that: the snooze ends at once, the conversation is back in the inbox.
    await answer();
    await expect
      .poll(async () => (await api<EmailDetail>(baseURL!, bobToken, 'GET', `/emails/${question.id}`)).snoozedUntil)
      .toBeNull();
    const woken = (await history(question.id)).filter((entry) => entry.type === 'EmailWoken');
    expect(woken.map((entry) => entry.change.reason)).toEqual(['answer']);
    // The open Snoozed folder drops it as it wakes.
    await expect(page.getByTestId('email-subject').filter({ hasText: subject })).toHaveCount(0, { timeout: 20_000 });
    await page.getByTestId('folders').getByText('Dashboard', { exact: true }).click();
    await expect(page.getByTestId('email-row').filter({ hasText: stamp })).toHaveCount(1);

    // The email's history says why it came back (en).
    await page.goto(`/admin/email-detail/${question.id}`);
    await page.getByTestId('history-toggle').click();
    await expect(
      page.getByTestId('history-change').filter({ hasText: 'Back in the inbox (the customer answered)' }),
    ).toHaveCount(1);
  });

  test('a reminder without an answer brings the archived conversation back to its assignee, on top, with a notification', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const { bobToken, question, subject, dueAt } = await questionRepliedByBob(baseURL!, 'remind', REMINDER_SECONDS);
    await api(baseURL!, bobToken, 'PUT', `/emails/${question.id}/archive`);
    expect(Date.now()).toBeLessThan(Date.parse(dueAt!));

    await useToken(page, bobToken);
    await page.goto('/admin/inbox');
    await expect(page.getByTestId('email-subject').filter({ hasText: subject })).toHaveCount(0);

    // At its time the conversation is back in the open list (no reload), unread, first; Bob's bell says there is no
    // answer yet.
    const first = page.getByTestId('email-row').first();
    await expect(first.getByTestId('email-subject')).toHaveText(subject, { timeout: 40_000 });
    await expect(first.getByTestId('email-sender')).toHaveClass(/font-bold/);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(dueAt!));
    await page.getByTestId('bell').click();
    const told = bellItems(page, 'REMINDER_DUE', subject);
    await expect(told).toHaveCount(1);
    await expect(told).toContainText('Back in your inbox');
    await expect(told).toContainText(`No answer yet: ${subject}`);
  });

  test('an answer cancels the reminder: nothing comes back at its time', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const { bobToken, question, subject, dueAt, answer, history } = await questionRepliedByBob(
      baseURL!,
      'cancel',
      REMINDER_SECONDS + 15,
    );
    const answered = await answer();
    await expect
      .poll(async () => (await history(question.id)).filter((entry) => entry.type === 'ReminderCancelled').length)
      .toBe(1);
    expect(Date.now()).toBeLessThan(Date.parse(dueAt!));
    await api(baseURL!, bobToken, 'PUT', `/emails/${question.id}/archive?scope=conversation`);

    // Past its time: still archived, never woken, and no reminder in Bob's bell.
    await new Promise((resolve) => setTimeout(resolve, Date.parse(dueAt!) - Date.now() + 3000));
    const after = await api<EmailDetail>(baseURL!, bobToken, 'GET', `/emails/${question.id}`);
    expect(after.isArchived).toBe(true);
    expect((await history(question.id)).some((entry) => entry.type === 'EmailWoken')).toBe(false);
    const inbox = await api<EmailPage<Email>>(baseURL!, bobToken, 'GET', '/emails?size=50');
    expect(inbox.content.some((email) => email.id === answered.id || email.id === question.id)).toBe(false);
    await useToken(page, bobToken);
    await page.goto('/admin/inbox');
    await page.getByTestId('bell').click();
    await expect(page.getByTestId('bell-show-all')).toBeVisible();
    await expect(bellItems(page, 'REMINDER_DUE', subject)).toHaveCount(0);
  });
});

import type {
  CurrentUser,
  Email,
  NotificationSettings,
  Page as EmailPage,
  SendReplyResponse,
} from '@teaminbox/contracts';
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
import { deliverToInbox } from '../support/customer-mail';
import { teamWithInbox, useDovecot } from '../support/teams';
import { waitForMail } from '../support/mail-sink';

test.describe('the inbox lists conversations ("Use conversation threads")', () => {
  const dovecot = useDovecot();

  test("the customer's answer to our reply lands in the conversation's row, still assigned and unread; archiving the row archives both; with the setting off the list shows both emails", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const { token: adminToken } = await teamWithInbox(baseURL!, dovecot(), 'threads-admin', 'Threads crew', {
      ...sinkSmtp(),
      fromName: 'Support',
    });
    const bobToken = await joinTeamViaApi(baseURL!, adminToken, newAccount('threads-bob'));
    const bob = await api<CurrentUser>(baseURL!, bobToken, 'GET', '/loggedInUser');

    const stamp = Date.now().toString(36);
    const customer = `carol-${stamp}@example.org`;
    const subject = `Boiler ${stamp}`;
    const deliver = (headers: string[], body: string) =>
      deliverToInbox(dovecot(), `Carol Customer <${customer}>`, headers, body);
    await deliver([`Subject: ${subject}`, `Message-ID: <question-${stamp}@example.org>`], 'The boiler is cold.');
    const question = await waitForEmailViaApi(baseURL!, bobToken, subject);

    // Bob takes it and replies; the customer's program answers naming only our reply.
    await api(baseURL!, bobToken, 'PUT', `/emails/${question.id}/assign`, { assignedTo: bob.id });
    const replied = await api<SendReplyResponse>(baseURL!, bobToken, 'POST', '/emails/send-reply', {
      emailId: question.id,
      teamId: bob.teamId,
      to: [customer],
      subject: `Re: ${subject}`,
      body: 'Try restarting it.',
    });
    const ours = await waitForMail(customer, (mail) => (mail.messageId ?? '').includes(replied.replyId));
    const ourMessageId = ours.messageId!;
    await deliver(
      [
        `Subject: Re: ${subject}`,
        `Message-ID: <answer-${stamp}@example.org>`,
        `In-Reply-To: ${ourMessageId}`,
        `References: ${ourMessageId}`,
      ],
      'Restarted, still cold.',
    );
    const answer = await waitForEmailViaApi(baseURL!, bobToken, `Re: ${subject}`);

    // Bob's inbox (the setting is on by default): one row for the conversation, its latest message, 2 messages.
    await useToken(page, bobToken);
    await page.goto('/admin/inbox');
    const rows = page.getByTestId('email-row').filter({ hasText: stamp });
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row.getByTestId('email-subject')).toHaveText(`Re: ${subject}`);
    await expect(row.getByTestId('email-preview')).toContainText('Restarted, still cold.');
    await expect(row.getByTestId('conversation-count')).toHaveText('2');
    await expect(row.getByTestId('conversation-count')).toHaveAccessibleName('2 messages in this conversation');
    // Still assigned to Bob (the answer took the conversation's assignee), reopened and unread.
    await expect(row.getByTestId('row-assignee')).toBeVisible();
    await expect(row.getByTestId('email-sender')).toHaveClass(/font-bold/);
    const listed = await api<EmailPage<Email>>(baseURL!, bobToken, 'GET', '/emails?view=conversations&size=50');
    const conversation = listed.content.find((email) => email.id === answer.id);
    expect(conversation).toMatchObject({ assignedTo: bob.id, read: false });
    expect(conversation?.conversation?.messageCount).toBe(2);
    expect(listed.content.some((email) => email.id === question.id)).toBe(false);

    // The assignee's bell shows the assignment of the answer.
    await page.getByTestId('bell').click();
    await expect(
      page.locator('[data-testid="bell-item"][data-type="TASK_ASSIGNED"]').filter({ hasText: `Re: ${subject}` }),
    ).toHaveCount(1);
    await page.keyboard.press('Escape');

    // Archiving the row archives both emails of the conversation.
    await row.locator('.p-selection-column input[type="checkbox"]').check({ force: true });
    await page.getByTestId('bulk-archive').click();
    await expect(rows).toHaveCount(0);
    await expect
      .poll(async () => {
        const archived = await api<EmailPage<Email>>(baseURL!, bobToken, 'GET', '/emails?folder=archived&size=50');
        return archived.content
          .filter((email) => email.subject.includes(stamp))
          .map((email) => email.id)
          .sort();
      })
      .toEqual([question.id, answer.id].sort());

    // With "Use conversation threads" off the list shows single emails: both of them in Archived.
    await page.goto('/admin/notification-settings');
    const threads = page.getByTestId('settings-use-threads').getByRole('switch');
    await expect(threads).toBeChecked();
    await threads.click();
    await page.getByTestId('settings-save').click();
    await expect
      .poll(
        async () => (await api<NotificationSettings>(baseURL!, bobToken, 'GET', '/notification-settings')).useThreads,
      )
      .toBe(false);
    await page.goto('/admin/inbox');
    await page.getByTestId('folders').getByText('Archived', { exact: true }).click();
    const single = page.getByTestId('email-row').filter({ hasText: stamp });
    await expect(single).toHaveCount(2);
    await expect(single.getByTestId('conversation-count')).toHaveCount(0);
  });
});

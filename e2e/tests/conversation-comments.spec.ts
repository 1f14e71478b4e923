import type { ConversationComments, NotificationSettings, ThreadMessage } from '@teaminbox/contracts';
import { api, expect, test, useToken, waitForEmailViaApi } from '../support/fixtures';
import { deliverToInbox } from '../support/customer-mail';
import { teamWithInbox, useDovecot } from '../support/teams';

test.describe('internal comments shared within a conversation', () => {
  const dovecot = useDovecot();

  test("a comment on the first message shows in the answer's detail with sharing on, and not with it off", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { token } = await teamWithInbox(baseURL!, dovecot(), 'shared-comments', 'Shared comments crew');
    const stamp = Date.now().toString(36);
    const subject = `Boiler ${stamp}`;
    const deliver = (headers: string[], body: string) =>
      deliverToInbox(dovecot(), `Carol <carol-${stamp}@example.org>`, headers, body);

    // Two messages of one conversation: the customer's answer names the first in In-Reply-To.
    await deliver([`Subject: ${subject}`, `Message-ID: <first-${stamp}@example.org>`], 'It is cold.');
    const first = await waitForEmailViaApi(baseURL!, token, subject);
    await deliver(
      [
        `Subject: Re: ${subject}`,
        `Message-ID: <second-${stamp}@example.org>`,
        `In-Reply-To: <first-${stamp}@example.org>`,
        `References: <first-${stamp}@example.org>`,
      ],
      'Still cold.',
    );
    let secondId = '';
    await expect
      .poll(
        async () => {
          const thread = await api<ThreadMessage[]>(baseURL!, token, 'GET', `/emails/${first.id}/thread`);
          secondId = thread.find((email) => email.id !== first.id)?.id ?? '';
          return thread.length;
        },
        { timeout: 30_000 },
      )
      .toBe(2);

    // A comment written on the first message.
    await useToken(page, token);
    await page.goto(`/admin/email-detail/${first.id}`);
    await expect(page.getByTestId('email-detail-subject')).toHaveText(subject);
    await page.getByTestId('comment-input').fill('Technician booked for Monday');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await expect(page.getByTestId('comment')).toContainText('Technician booked for Monday');
    // On its own email, a comment carries no "on:" line.
    await expect(page.getByTestId('comment-on')).toHaveCount(0);

    // Sharing is on by default: the answer's detail shows it, labelled with the first message.
    await page.goto(`/admin/email-detail/${secondId}`);
    await expect(page.getByTestId('email-detail-subject')).toHaveText(`Re: ${subject}`);
    const comments = page.getByTestId('comment');
    await expect(comments).toHaveCount(1);
    await expect(comments.first()).toContainText('Technician booked for Monday');
    await expect(comments.first().getByTestId('comment-on')).toContainText(`on: ${subject}, `);

    // Live: a colleague's comment on the first message arrives while the answer is open.
    await api(baseURL!, token, 'POST', `/emails/${first.id}/comments`, { message: 'Parts ordered' });
    await expect(comments).toHaveCount(2);
    await expect(comments.nth(1)).toContainText('Parts ordered');

    // A new comment here is written on the message shown.
    await page.getByTestId('comment-input').fill('Customer informed');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await expect(comments).toHaveCount(3);
    await expect(comments.nth(2).getByTestId('comment-on')).toHaveCount(0);
    const own = await api<{ message: string }[]>(baseURL!, token, 'GET', `/emails/${secondId}/comments`);
    expect(own.map((comment) => comment.message)).toEqual(['Customer informed']);
    const shared = await api<ConversationComments>(
      baseURL!,
      token,
      'GET',
      `/emails/${secondId}/comments?scope=conversation`,
    );
    expect(shared.comments.map((comment) => comment.emailId)).toEqual([first.id, first.id, secondId]);

    // Sharing off (the person's notification settings): the answer's detail shows its own comment only.
    await page.goto('/admin/notification-settings');
    const share = page.getByTestId('settings-share-comments').getByRole('switch');
    await expect(share).toBeChecked();
    await share.click();
    await page.getByTestId('settings-save').click();
    await expect
      .poll(
        async () =>
          (await api<NotificationSettings>(baseURL!, token, 'GET', '/notification-settings')).shareCommentsAcrossThread,
      )
      .toBe(false);
    await page.goto(`/admin/email-detail/${secondId}`);
    await expect(page.getByTestId('email-detail-subject')).toHaveText(`Re: ${subject}`);
    await expect(comments).toHaveCount(1);
    await expect(comments.first()).toContainText('Customer informed');
    await expect(page.getByText('Technician booked for Monday')).toHaveCount(0);
    await expect(page.getByTestId('comment-on')).toHaveCount(0);
  });
});

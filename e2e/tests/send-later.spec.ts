import type { Email, Reply, SendReplyResponse } from '@teaminbox/contracts';
import type { Page } from '@playwright/test';
import { api, expect, test, useToken } from '../support/fixtures';
import { mailsTo } from '../support/mail-count';
import { waitForMail } from '../support/mail-sink';
import { sendingTeam } from '../support/teams';

/** Opens the email and writes a reply to `to`. */
async function writeReply(page: Page, token: string, email: Email, to: string, body: string) {
  await useToken(page, token);
  await page.goto(`/admin/email-detail/${email.id}`);
  await page.getByTestId('reply-to').fill(to);
  await page.getByTestId('reply-body').fill(body);
}

test.describe('send later and undo send', () => {
  test('undo within the window: nothing is delivered and the reply is a draft again', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const { token, email } = await sendingTeam(baseURL!, 'undo-send', 8);
    const customer = `undo-${Date.now().toString(36)}@example.org`;
    await writeReply(page, token, email, customer, 'Take this back.');
    await page.getByTestId('reply-send').click();
    await expect(page.getByTestId('undo-send-toast')).toBeVisible();
    await page.getByTestId('undo-send').click();

    await expect(page.getByTestId('draft')).toHaveCount(1);
    const replies = await api<Reply[]>(baseURL!, token, 'GET', `/emails/${email.id}/replies`);
    expect(replies.map((reply) => ({ status: reply.status, to: reply.to, body: reply.body }))).toEqual([
      { status: 'DRAFT', to: [customer], body: expect.stringContaining('Take this back.') },
    ]);
    // Past the window, nothing went out.
    await page.waitForTimeout(10_000);
    expect(mailsTo(customer)).toBe(0);
  });

  test('not undone: delivered once, after the window', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const { token, email } = await sendingTeam(baseURL!, 'undo-window', 4);
    const customer = `window-${Date.now().toString(36)}@example.org`;
    await writeReply(page, token, email, customer, 'Here it comes.');
    const sentAt = Date.now();
    await page.getByTestId('reply-send').click();
    await expect(page.getByTestId('undo-send-toast')).toBeVisible();
    const mail = await waitForMail(customer, () => true, 30_000);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(4000);
    expect(mail.text).toContain('Here it comes.');
    await page.waitForTimeout(3000);
    expect(mailsTo(customer)).toBe(1);
  });

  test('send later: listed in Scheduled until its time, then delivered once; Cancel makes it a draft', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { token, email } = await sendingTeam(baseURL!, 'send-later', 0);
    const stamp = Date.now().toString(36);
    const soon = `soon-${stamp}@example.org`;
    const sendAt = new Date(Date.now() + 20_000).toISOString();
    const scheduled = await api<SendReplyResponse>(baseURL!, token, 'POST', '/emails/send-reply', {
      emailId: email.id,
      teamId: email.teamId,
      to: [soon],
      subject: `Later ${stamp}`,
      body: 'At the time.',
      sendAt,
    });
    expect(scheduled.sendAt).toBe(sendAt);

    // A reply sent for tomorrow morning from the form.
    const later = `later-${stamp}@example.org`;
    await writeReply(page, token, email, later, 'Tomorrow.');
    await page.getByTestId('reply-send-later').click();
    await page.getByTestId('send-later-tomorrowMorning').click();

    await page.goto('/admin/inbox');
    await page.getByTestId('scheduled-sends').click();
    const rows = page.getByTestId('scheduled-send');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(soon);
    await expect(rows.nth(1)).toContainText(later);
    expect(mailsTo(soon)).toBe(0);

    const mail = await waitForMail(soon, () => true, 30_000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(sendAt));
    expect(mail.text).toContain('At the time.');
    await expect(rows).toHaveCount(1);

    await rows.nth(0).getByTestId('scheduled-send-cancel').click();
    await expect(rows).toHaveCount(0);
    const replies = await api<Reply[]>(baseURL!, token, 'GET', `/emails/${email.id}/replies`);
    expect(replies.filter((reply) => reply.status === 'DRAFT').map((reply) => reply.to)).toEqual([[later]]);
    expect(mailsTo(soon)).toBe(1);
    expect(mailsTo(later)).toBe(0);
  });

  test("Edit in Scheduled opens the send as a draft in its email's form; changed and sent, it is delivered once", async ({
    page,
    baseURL,
  }) => {
    const { token, email } = await sendingTeam(baseURL!, 'send-edit', 0);
    const to = `edit-${Date.now().toString(36)}@example.org`;
    await writeReply(page, token, email, to, 'Tomorrow.');
    await page.getByTestId('reply-send-later').click();
    await page.getByTestId('send-later-tomorrowMorning').click();

    await page.goto('/admin/inbox');
    await page.getByTestId('scheduled-sends').click();
    await expect(page.getByTestId('scheduled-send')).toHaveCount(1);
    await page.getByTestId('scheduled-send-edit').click();

    await expect(page).toHaveURL(new RegExp(`/admin/email-detail/${email.id}\\?draft=`));
    await expect(page.getByText('Sending undone. The reply is back in your drafts.')).toBeVisible();
    await expect(page.getByTestId('reply-to')).toHaveValue(to);
    await expect(page.getByTestId('reply-body')).toHaveValue('Tomorrow.');
    await page.getByTestId('reply-body').fill('Today after all.');
    await page.getByTestId('reply-send').click();

    const mail = await waitForMail(to, () => true, 30_000);
    expect(mail.text).toContain('Today after all.');
    const replies = await api<Reply[]>(baseURL!, token, 'GET', `/emails/${email.id}/replies`);
    expect(replies.filter((reply) => reply.status === 'DRAFT')).toEqual([]);
    expect(mailsTo(to)).toBe(1);
  });
});

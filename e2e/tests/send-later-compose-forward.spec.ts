import type { Reply } from '@teaminbox/contracts';
import { api, expect, test, useToken } from '../support/fixtures';
import { mailsTo } from '../support/mail-count';
import { waitForMail } from '../support/mail-sink';
import { sendingTeam } from '../support/teams';

test.describe('send later and undo send for a new email and a forward', () => {
  test('a new email undone in the browser: nothing delivered, its draft lists its attachment and is sent from there', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { token } = await sendingTeam(baseURL!, 'compose-undo', 8);
    const stamp = Date.now().toString(36);
    const customer = `compose-${stamp}@example.org`;
    const subject = `Welcome ${stamp}`;

    await useToken(page, token);
    await page.goto('/admin/inbox');
    await page.getByTestId('compose').click();
    await page.getByTestId('compose-html-switch').click();
    await page.getByTestId('compose-to').fill(customer);
    await page.getByTestId('compose-subject').fill(subject);
    await page.getByTestId('compose-body').fill('Glad to have you.');
    await page.getByTestId('compose-file-input').setInputFiles({
      name: 'terms.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The terms.'),
    });
    await expect(page.getByTestId('compose-attachment')).toContainText('terms.txt');
    await page.getByTestId('compose-send').click();
    await expect(page.getByTestId('undo-send-toast')).toBeVisible();
    await page.getByTestId('undo-send').click();

    // The conversation it began opens, with the message as its draft; edited, the form lists its attachment.
    await expect(page.getByText('Sending undone. The email is a draft in its conversation.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/email-detail\//);
    await expect(page.getByTestId('draft')).toContainText(subject);
    await page.getByTestId('draft').getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByTestId('reply-to')).toHaveValue(customer);
    await expect(page.getByTestId('reply-attachment')).toContainText('terms.txt');

    // Past the window, nothing went out.
    await page.waitForTimeout(10_000);
    expect(mailsTo(customer)).toBe(0);

    // Sent from the draft (no window now): delivered once, with the attachment it kept.
    await api(baseURL!, token, 'PUT', '/user/preferences', { undoSendSeconds: 0 });
    await page.getByTestId('reply-send').click();
    const mail = await waitForMail(customer, (m) => m.subject === subject, 30_000);
    expect(mail.text).toContain('Glad to have you.');
    expect(mail.attachments.map((file) => file.filename)).toEqual(['terms.txt']);
    await page.waitForTimeout(2000);
    expect(mailsTo(customer)).toBe(1);
  });

  test('a forward sent later is listed in Scheduled as a forward; Cancel makes it a draft that lists what it was', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { token, email } = await sendingTeam(baseURL!, 'forward-later', 0);
    const colleague = `colleague-${Date.now().toString(36)}@example.org`;

    await useToken(page, token);
    await page.goto(`/admin/email-detail/${email.id}`);
    await page.getByTestId('reply-mode-forward').click();
    await page.getByTestId('reply-to').fill(colleague);
    await page.getByTestId('forward-note').fill('Can you take this one?');
    await page.getByTestId('reply-send-later').click();
    await page.getByTestId('send-later-tomorrowMorning').click();
    await expect(page.getByText(/^Scheduled for /)).toBeVisible();

    await page.goto('/admin/inbox');
    await page.getByTestId('scheduled-sends').click();
    const rows = page.getByTestId('scheduled-send');
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId('scheduled-send-kind')).toHaveText('Forward');
    await expect(rows).toContainText(colleague);
    await expect(rows).toContainText(`Fwd: ${email.subject}`);

    await rows.getByTestId('scheduled-send-cancel').click();
    await expect(page.getByText('Sending undone. The forward is back in your drafts.')).toBeVisible();
    await expect(rows).toHaveCount(0);
    const drafts = (await api<Reply[]>(baseURL!, token, 'GET', `/emails/${email.id}/replies`)).filter(
      (reply) => reply.status === 'DRAFT',
    );
    expect(drafts.map((reply) => [reply.to, reply.subject])).toEqual([[[colleague], `Fwd: ${email.subject}`]]);
    expect(drafts[0].body).toContain('Can you take this one?');
    expect(mailsTo(colleague)).toBe(0);
  });
});

import type { Email, Page as EmailPage, SnoozeState } from '@teaminbox/contracts';
import { api, expect, test, useToken } from '../support/fixtures';
import { teamOfTwo } from '../support/teams';
import { savePhoto } from '../support/images';

async function idOf(baseURL: string, token: string): Promise<string> {
  return (await api<{ id: string }>(baseURL, token, 'GET', '/loggedInUser')).id;
}

test.describe('the bell, the new-email notice and the avatars', () => {
  test('B, away from the inbox, gets the new-email notice; A assigns an email to B: the bell counts it live and opens it; B snoozes from the bell', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { bob, aliceToken, bobToken } = await teamOfTwo(baseURL!, 'Bell team');
    const bobId = await idOf(baseURL!, bobToken);

    await useToken(page, bobToken);
    await page.goto('/admin/profile');
    await expect(page.getByTestId('profile-email')).toHaveText(bob.email);
    await expect(page.getByTestId('bell')).toBeVisible();
    await expect(page.getByTestId('bell-count')).toHaveCount(0);
    // The shell's menu links to both notification screens.
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toHaveAttribute(
      'href',
      '/admin/notifications',
    );
    await expect(page.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/admin/notification-settings',
    );

    // New mail arrives live while Bob is on his profile: a notice, and the bell counts the EMAIL_RECEIVED ones.
    await api(baseURL!, aliceToken, 'POST', '/emails/sample');
    const emails = (await api<EmailPage<Email>>(baseURL!, aliceToken, 'GET', '/emails')).content;
    await expect(page.getByText(/^New e-mail: /).first()).toBeVisible();
    await expect(page.getByTestId('bell-count')).toHaveText(String(emails.length));

    // Alice assigns one to Bob: his count rises without a reload.
    const email = emails[0];
    await api(baseURL!, aliceToken, 'PUT', `/emails/${email.id}/assign`, { assignedTo: bobId });
    await expect(page.getByTestId('bell-count')).toHaveText(String(emails.length + 1));

    // The bell lists it on top; a click opens the email and marks it read.
    await page.getByTestId('bell').click();
    const assigned = page.locator('[data-testid="bell-item"][data-type="TASK_ASSIGNED"]');
    await expect(assigned).toHaveCount(1);
    await expect(assigned).toContainText(`You were assigned: ${email.subject}`);
    await expect(assigned).toContainText('Právě teď');
    await expect(assigned).toHaveAttribute('data-read', 'no');
    await assigned.click();
    await expect(page).toHaveURL(new RegExp(`/admin/email-detail/${email.id}$`));
    await expect(page.getByTestId('email-detail-subject')).toHaveText(email.subject);
    await expect(page.getByTestId('bell-count')).toHaveText(String(emails.length));

    // Snooze from the bell for 15 minutes, then end it.
    await page.getByTestId('bell').click();
    await page.getByTestId('bell-snooze').click();
    await expect(page.getByTestId('bell-snooze-60')).toHaveText('60 min');
    await expect(page.getByTestId('bell-snooze-240')).toHaveText('240 min');
    await page.getByTestId('bell-snooze-15').click();
    await expect(page.getByText('Notifikace ztlumeny na 15 min')).toBeVisible();
    await expect(page.getByTestId('bell-snoozed')).toHaveText(/^Snoozed until /);
    const snoozed = await api<SnoozeState>(baseURL!, bobToken, 'GET', '/notifications/snooze');
    expect(Date.parse(snoozed.snoozedUntil ?? '') - Date.now()).toBeGreaterThan(13 * 60_000);
    await page.getByTestId('bell-snooze').click();
    await page.getByTestId('bell-snooze-end').click();
    await expect(page.getByTestId('bell-snoozed')).toHaveCount(0);
    expect((await api<SnoozeState>(baseURL!, bobToken, 'GET', '/notifications/snooze')).snoozedUntil).toBeNull();

    // Mark all as read from the bell.
    await page.getByTestId('bell-mark-all').click();
    await expect(page.getByText('Všechny notifikace označeny jako přečtené')).toBeVisible();
    await expect(page.getByTestId('bell-count')).toHaveCount(0);
  });

  test('a photo Alice uploads shows as her avatar in Bob’s view', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const { alice, aliceToken, bobToken } = await teamOfTwo(baseURL!, 'Photo team');
    const aliceId = await idOf(baseURL!, aliceToken);
    await api(baseURL!, aliceToken, 'POST', '/emails/sample');
    const email = (await api<EmailPage<Email>>(baseURL!, aliceToken, 'GET', '/emails')).content[0];
    await api(baseURL!, aliceToken, 'PUT', `/emails/${email.id}/assign`, { assignedTo: aliceId });

    await useToken(page, bobToken);
    await page.goto(`/admin/email-detail/${email.id}`);
    const avatar = page.locator(`[data-testid="person-avatar"][data-person="${aliceId}"]`).first();
    await expect(avatar).toHaveAttribute('data-photo', 'no');
    // No photo yet: the initials of 'alice-<id>@…' (two words of the address's local part).
    await expect(avatar).toHaveText(`A${alice.email.split('-')[1][0]}`.toUpperCase());

    const aliceContext = await browser.newContext();
    const alicePage = await aliceContext.newPage();
    await useToken(alicePage, aliceToken);
    await alicePage.goto('/admin/profile');
    await savePhoto(alicePage, 'alice.png', '#c0392b', 200, 200);
    await expect(alicePage.getByText('Profilová fotografie byla aktualizována')).toBeVisible();
    await aliceContext.close();

    await page.reload();
    await expect(avatar).toHaveAttribute('data-photo', 'yes');
    await expect(avatar.locator('img')).toHaveAttribute('src', /^blob:/);
  });
});

import type { Email, EmailDetail, Page as EmailPage } from '@teaminbox/contracts';
import { api, createTeamViaApi, expect, newAccount, signUpViaApi, test, useToken } from '../support/fixtures';

/** How far ahead the test snoozes: long enough to see the email gone, short enough to wait for. */
const SNOOZE_SECONDS = 25;

test.describe('snooze from the email detail', () => {
  test('snoozed for a few seconds (a custom time): gone from the inbox, then back unread', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const token = await signUpViaApi(baseURL!, newAccount('snooze'));
    await createTeamViaApi(baseURL!, token, 'Snooze crew');
    await api(baseURL!, token, 'POST', '/emails/sample');
    const [target] = (await api<EmailPage<Email>>(baseURL!, token, 'GET', '/emails?size=50')).content;

    await useToken(page, token);
    await page.goto(`/admin/email-detail/${target.id}`);
    await expect(page.getByText(target.subject).first()).toBeVisible();
    // Opening the email reads it.
    await expect
      .poll(async () => (await api<EmailDetail>(baseURL!, token, 'GET', `/emails/${target.id}`)).read)
      .toBe(true);

    await page.getByTestId('snooze').click();
    const menu = page.getByTestId('snooze-menu');
    await expect(menu.getByRole('button', { name: 'Later today' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Tomorrow morning' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Next week' })).toBeVisible();
    // A moment a few seconds ahead, typed in the picker as the browser's own clock and time zone write it.
    const typed = await page.evaluate((seconds) => {
      const at = new Date(Date.now() + seconds * 1000);
      const two = (n: number) => String(n).padStart(2, '0');
      // The picker's format: mm/dd/yy, where yy is the year's four digits.
      const date = `${two(at.getMonth() + 1)}/${two(at.getDate())}/${at.getFullYear()}`;
      return `${date} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
    }, SNOOZE_SECONDS);
    const picker = page.locator('#snooze-custom');
    await picker.fill(typed);
    await picker.press('Tab');
    await menu.getByTestId('snooze-custom-confirm').click();

    await expect(page.getByTestId('snoozed')).toContainText('Snoozed until');
    await expect(page.getByTestId('wake-now')).toHaveText('Wake up now');
    const snoozed = await api<EmailDetail>(baseURL!, token, 'GET', `/emails/${target.id}`);
    expect(snoozed.snoozedUntil).not.toBeNull();

    // The inbox no longer lists it; the Snoozed folder does.
    await page.goto('/admin/inbox');
    await expect(page.getByTestId('email-row').first()).toBeVisible();
    await expect(page.getByTestId('email-subject').filter({ hasText: target.subject })).toHaveCount(0);
    await page.getByTestId('folders').getByText('Snoozed', { exact: true }).click();
    await expect(page.getByTestId('email-row')).toHaveCount(1);
    await expect(page.getByTestId('email-subject')).toHaveText(target.subject);

    // At its time it is back in the inbox, unread (its subject in bold).
    await page.getByTestId('folders').getByText('Dashboard', { exact: true }).click();
    await expect(async () => {
      await page.reload();
      const subject = page.getByTestId('email-subject').filter({ hasText: target.subject });
      await expect(subject).toHaveCount(1, { timeout: 2000 });
      await expect(subject).toHaveClass(/font-bold/);
    }).toPass({ timeout: 50_000 });
    const woken = await api<EmailDetail>(baseURL!, token, 'GET', `/emails/${target.id}`);
    expect(woken).toMatchObject({ snoozedUntil: null, read: false });
  });
});

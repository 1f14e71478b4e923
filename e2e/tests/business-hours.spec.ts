import type { BusinessHours } from '@teaminbox/contracts';
import { api, expect, test, useToken } from '../support/fixtures';
import { teamOfTwo } from '../support/teams';

test.describe('the Business hours screen', () => {
  test('an admin turns business hours on with a zone and a schedule; a clash and a stale version are told; a member reads them; in Czech too', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { aliceToken, bobToken } = await teamOfTwo(baseURL!, 'Hours crew');
    const hoursOf = () => api<BusinessHours>(baseURL!, aliceToken, 'GET', '/team/business-hours');

    await useToken(page, aliceToken);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'admin' }).getByRole('link', { name: 'Business hours' }).click();
    await expect(page).toHaveURL(/\/admin\/business-hours$/);
    await expect(page.getByRole('heading', { name: 'Business hours' })).toBeVisible();
    const form = page.getByTestId('business-hours');
    await expect(form.getByText('Without business hours they run in calendar time', { exact: false })).toBeVisible();
    const enabled = page.getByRole('switch', { name: 'Use business hours' });
    await expect(enabled).not.toBeChecked();
    await expect(page.getByTestId('business-hours-saturday')).toContainText('Closed');

    // On, in Prague, Friday until 15:00, Saturday morning open.
    await page.getByText('Use business hours').click();
    await expect(enabled).toBeChecked();
    await page.getByTestId('business-hours-zone').click();
    await page.locator('.p-dropdown-filter').fill('Europe/Pra');
    await page.getByRole('option', { name: 'Europe/Prague' }).click();
    await page.getByRole('textbox', { name: 'Friday To' }).fill('15:00');
    await page.getByRole('button', { name: 'Saturday: Add interval' }).click();
    await page.getByRole('textbox', { name: 'Saturday From' }).fill('08:00');
    await page.getByRole('textbox', { name: 'Saturday To' }).fill('12:00');
    const saving = page.waitForResponse(
      (response) => response.url().endsWith('/api/team/business-hours') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    const answer = await saving;
    expect([answer.status(), answer.request().postDataJSON()]).toEqual([
      200,
      expect.objectContaining({ enabled: true }),
    ]);
    await expect(page.getByText('Business hours saved')).toBeVisible();
    const saved = await hoursOf();
    expect(saved).toMatchObject({ enabled: true, timeZone: 'Europe/Prague', version: 1 });
    expect(saved.weekly.friday).toEqual([{ start: '09:00', end: '15:00' }]);
    expect(saved.weekly.saturday).toEqual([{ start: '08:00', end: '12:00' }]);

    // An interval that ends before it starts: the server's reason, nothing saved.
    await page.getByRole('textbox', { name: 'Monday To' }).fill('08:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('business-hours-problem')).toHaveText(
      'An interval must end after it starts (monday 09:00-08:00); split a shift over midnight in two',
    );
    expect((await hoursOf()).version).toBe(1);

    // Someone else saved meanwhile (a holiday): this save is refused and the screen shows what is saved now.
    await api(baseURL!, aliceToken, 'PUT', '/team/business-hours', {
      ...saved,
      holidays: ['2026-12-24'],
      expectedVersion: 1,
    });
    await page.getByRole('textbox', { name: 'Monday To' }).fill('18:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Someone else changed the business hours meanwhile.', { exact: false })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Monday To' })).toHaveValue('17:00');
    await expect(page.locator('#business-hours-holidays')).toHaveValue('2026-12-24');
    expect((await hoursOf()).weekly.monday).toEqual([{ start: '09:00', end: '17:00' }]);

    // Bob, a member, reads them and cannot change them.
    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    await useToken(bobPage, bobToken);
    await bobPage.goto('/admin/business-hours');
    await expect(bobPage.getByText('Only an ADMIN or a MAINTAINER can change the business hours.')).toBeVisible();
    await expect(bobPage.getByRole('textbox', { name: 'Friday To' })).toHaveValue('15:00');
    await expect(bobPage.getByRole('textbox', { name: 'Friday To' })).toBeDisabled();
    await expect(bobPage.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await bobContext.close();

    // In Czech.
    await page.evaluate(() => localStorage.setItem('language', 'cs'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Pracovní doba' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Používat pracovní dobu' })).toBeChecked();
    await expect(page.getByTestId('business-hours-sunday')).toContainText('Neděle');
    await expect(page.getByTestId('business-hours-sunday')).toContainText('Zavřeno');
    await expect(page.getByRole('button', { name: 'Uložit' })).toBeVisible();
  });
});

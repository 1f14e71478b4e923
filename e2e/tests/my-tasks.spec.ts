import type { CurrentUser, Email, Page as EmailPage } from '@teaminbox/contracts';
import { api, createTeamViaApi, expect, newAccount, signUpViaApi, test, useToken } from '../support/fixtures';

test.describe('My Tasks', () => {
  test('lists the emails assigned to me with filters, search and a detail pane', async ({ page, baseURL }) => {
    const token = await signUpViaApi(baseURL!, newAccount('tasks'));
    await createTeamViaApi(baseURL!, token, 'Task crew');
    await api(baseURL!, token, 'POST', '/emails/sample');
    const me = await api<CurrentUser>(baseURL!, token, 'GET', '/loggedInUser');
    const emails = (await api<EmailPage<Email>>(baseURL!, token, 'GET', '/emails')).content;
    const mine = emails.slice(0, 3);
    for (const email of mine) await api(baseURL!, token, 'PUT', `/emails/${email.id}/assign`, { assignedTo: me.id });

    await useToken(page, token);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'My Tasks' }).click();
    await expect(page).toHaveURL(/\/admin\/my-tasks$/);
    await expect(page.getByRole('heading', { name: 'My Tasks' })).toBeVisible();
    await expect(page.getByTestId('task-count')).toHaveText('3 assigned tasks');
    await expect(page.getByTestId('task-item')).toHaveCount(3);
    await expect(page.getByTestId('no-task-selected')).toBeVisible();
    await expect(page.getByTestId('task-pagination')).toHaveCount(0);

    await page.getByTestId('task-item').first().click();
    await expect(page.getByTestId('task-detail')).toContainText(mine[0].subject);

    // Search by Enter, then by the button.
    const word = mine[1].subject.split(' ').find((w) => w.length > 3)!;
    await page.getByTestId('task-search').fill(word);
    await page.getByTestId('task-search').press('Enter');
    await expect(page.getByTestId('task-item').first()).toContainText(mine[1].subject);
    await page.getByTestId('task-search').fill('no such words anywhere');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('no-tasks')).toBeVisible();
    await expect(page.getByTestId('task-count')).toHaveText('0 assigned tasks');
    await page.getByTestId('task-search').fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    // Status filter.
    await page.getByTestId('task-status').click();
    await page.getByRole('option', { name: 'Closed' }).click();
    await expect(page.getByTestId('task-item')).toHaveCount(mine.filter((e) => e.status === 'CLOSED').length);
    await page.getByTestId('task-status').click();
    await page.getByRole('option', { name: 'New' }).click();
    await expect(page.getByTestId('task-item')).toHaveCount(mine.filter((e) => e.status === 'NEW').length);
  });
});

import type { Email, Page as EmailPage } from '@teaminbox/contracts';
import { api, createTeamViaApi, expect, newAccount, signUpViaApi, test, useToken } from '../support/fixtures';

test.describe('the inbox', () => {
  test('folders, filters, the assign and label menus of a row, and live changes from another session', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const token = await signUpViaApi(baseURL!, newAccount('inbox'));
    await createTeamViaApi(baseURL!, token, 'Inbox crew');
    await api(baseURL!, token, 'POST', '/emails/sample');
    await api(baseURL!, token, 'POST', '/email-labels/initialize');
    const emails = (await api<EmailPage<Email>>(baseURL!, token, 'GET', '/emails')).content;

    await useToken(page, token);
    await page.goto('/admin/inbox');
    await expect(page.getByTestId('email-row')).toHaveCount(emails.length);
    // Each row shows the email's status and priority, lowercased, as coloured tags.
    await expect(page.getByTestId('email-row').getByTestId('email-status')).toHaveText(
      emails.map((e) => e.status.toLowerCase()),
    );
    await expect(page.getByTestId('email-row').getByTestId('email-priority')).toHaveText(
      emails.map((e) => e.priority.toLowerCase()),
    );
    for (const name of ['Dashboard', 'Unread', 'My Tasks', 'Archived', 'Spam']) {
      await expect(page.getByTestId('folders').getByText(name, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('compose')).toBeEnabled();

    // "I'll take it" on the first row, then the 'My tasks' filter shows just that one.
    const first = page.getByTestId('email-row').first();
    // The assign menu opens on hover and closes 150 ms after the pointer left it.
    await first.getByTestId('row-assign').hover();
    const assignMenu = page.getByTestId('row-assign-menu');
    await expect(assignMenu.getByRole('menuitem')).toHaveText([
      'Unassign',
      "I'll take it",
      ...(await api<{ email: string }[]>(baseURL!, token, 'GET', '/team/members')).map((m) => m.email),
    ]);
    await page.getByTestId('folders').hover();
    await expect(assignMenu).toHaveCount(0);
    // A click elsewhere closes an open menu too.
    await first.getByTestId('row-label').getByRole('button').click();
    await expect(page.getByTestId('row-label-menu')).toBeVisible();
    await page.getByRole('heading').first().click();
    await expect(page.getByTestId('row-label-menu')).toHaveCount(0);
    await first.getByTestId('row-assign').hover();
    await assignMenu.getByRole('menuitem', { name: "I'll take it" }).click();
    await expect(page.getByText('Email assigned to you')).toBeVisible();
    await page.getByTestId('filter-assignee').click();
    await page.getByRole('option', { name: 'My tasks' }).click();
    await expect(page.getByTestId('email-row')).toHaveCount(1);

    // Choose Label on it, then filter by that label.
    await page.getByTestId('email-row').first().getByTestId('row-label').hover();
    await expect(page.getByTestId('row-label-menu')).toContainText('Choose Label');
    await page.getByTestId('row-label-menu').getByRole('menuitem', { name: 'Urgent' }).click();
    await expect(page.getByText('Label "Urgent" assigned to email')).toBeVisible();
    await expect(page.getByTestId('email-row').first().getByTestId('label-chips')).toContainText('Urgent');
    // A label already on the email is disabled in its menu.
    await page.getByTestId('email-row').first().getByTestId('row-label').hover();
    await expect(page.getByTestId('row-label-menu').getByRole('menuitem', { name: 'Urgent' })).toBeDisabled();
    await page.getByTestId('folders').hover();
    await page.getByTestId('filters-reset').click();
    await expect(page.getByTestId('email-row')).toHaveCount(emails.length);
    await page.getByTestId('filter-label').click();
    await page.getByRole('option', { name: 'Urgent' }).click();
    await expect(page.getByTestId('email-row')).toHaveCount(1);
    await page.getByTestId('filters-reset').click();

    // Another session (the API with the same account) archives an email: it leaves this inbox live, and appears under Archived.
    const target = emails[emails.length - 1];
    await api(baseURL!, token, 'PUT', `/emails/${target.id}/archive`);
    await expect(page.getByTestId('email-row')).toHaveCount(emails.length - 1);
    await page.getByTestId('folders').getByText('Archived', { exact: true }).click();
    await expect(page.getByTestId('email-row')).toHaveCount(1);
    await expect(page.getByTestId('email-subject')).toHaveText(target.subject);

    // Unread only: reading an email in the inbox removes it from the filtered list.
    await page.getByTestId('folders').getByText('Dashboard', { exact: true }).click();
    await page.getByTestId('filter-unread').click();
    await expect(page.getByTestId('email-row')).toHaveCount(emails.length - 1);
    await api(baseURL!, token, 'PUT', `/emails/${emails[0].id}/read`);
    await page.getByTestId('filter-unread').click();
    await page.getByTestId('filter-unread').click();
    await expect(page.getByTestId('email-row')).toHaveCount(emails.length - 2);
  });

  test('stars stay after a reload; select-all and a row checkbox select emails for a bulk action', async ({
    page,
    baseURL,
  }) => {
    const token = await signUpViaApi(baseURL!, newAccount('bulk'));
    await createTeamViaApi(baseURL!, token, 'Bulk crew');
    await api(baseURL!, token, 'POST', '/emails/sample');
    const emails = (await api<EmailPage<Email>>(baseURL!, token, 'GET', '/emails')).content;
    expect(emails.length).toBeGreaterThan(2);

    await useToken(page, token);
    await page.goto('/admin/inbox');
    const rows = page.getByTestId('email-row');
    await expect(rows).toHaveCount(emails.length);

    // The star is the user's own marker: it survives a reload and does not open the email.
    await rows.nth(1).getByTestId('row-star').click();
    await expect(rows.nth(1).getByTestId('row-star')).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/\/admin\/inbox$/);
    await page.reload();
    await expect(rows.nth(1).getByTestId('row-star')).toHaveAttribute('aria-pressed', 'true');
    await expect(rows.nth(0).getByTestId('row-star')).toHaveAttribute('aria-pressed', 'false');

    // Select all, then unselect one row: the bulk bar counts them; archive moves them out of the inbox.
    await page.getByTestId('email-table').locator('thead .p-checkbox').click();
    await expect(page.getByTestId('selected-count')).toHaveText(`${emails.length} selected`);
    await rows.first().locator('.p-checkbox').click();
    await expect(page.getByTestId('selected-count')).toHaveText(`${emails.length - 1} selected`);
    await expect(page).toHaveURL(/\/admin\/inbox$/);
    await page.getByTestId('bulk-archive').click();
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('bulk-actions')).toHaveCount(0);
    const archived = await api<EmailPage<Email>>(baseURL!, token, 'GET', '/emails?folder=archived');
    expect(archived.totalElements).toBe(emails.length - 1);
  });

  test('the quick search shows matching emails as you type and leads to the inbox on Enter', async ({
    page,
    baseURL,
  }) => {
    const token = await signUpViaApi(baseURL!, newAccount('quick'));
    await createTeamViaApi(baseURL!, token, 'Quick crew');
    await api(baseURL!, token, 'POST', '/emails/sample');
    const [email] = (await api<EmailPage<Email>>(baseURL!, token, 'GET', '/emails')).content;
    const word = email.subject.split(' ').find((w) => w.length > 3)!;

    await useToken(page, token);
    await page.goto('/admin');
    await page.getByTestId('quick-search').fill(word);
    await expect(page.getByTestId('quick-search-result').first()).toBeVisible();
    expect(await page.getByTestId('quick-search-result').count()).toBeLessThanOrEqual(5);
    await page.getByTestId('quick-search').fill('   ');
    await expect(page.getByTestId('quick-search-results')).toHaveCount(0);
    await page.getByTestId('quick-search').fill(word);
    await page.getByTestId('quick-search-result').filter({ hasText: email.subject }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/email-detail/${email.id}$`));

    await page.getByTestId('quick-search').fill(word);
    await page.getByTestId('quick-search').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/inbox\\?search=${encodeURIComponent(word)}$`));
    await expect(page.getByTestId('email-subject').first()).toBeVisible();
  });
});

import type { Page } from '@playwright/test';
import type { CurrentUser, Email, Page as EmailPage, TeamMember } from '@teaminbox/contracts';
import { api, expect, joinTeamViaApi, newAccount, test, useToken } from '../support/fixtures';
import { teamWithSampleBatches } from '../support/teams';

/** The inbox's page size (spec section 9: default page size 20); one sample batch holds 6 emails. */
const PAGE_SIZE = 20;
const SAMPLE_BATCH = 6;

const listEmails = (baseURL: string, token: string, query = '') =>
  api<EmailPage<Email>>(baseURL, token, 'GET', `/emails${query}`);

/** Holds every GET /api/emails (the list) until the returned function is called. */
async function holdEmailList(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/emails',
    async (route) => {
      await gate;
      await route.continue();
    },
  );
  return release;
}

async function chooseFolder(page: Page, name: string) {
  await page.getByTestId('folders').getByText(name, { exact: true }).click();
}

test.describe('the inbox pages', () => {
  test('pagination shows current / total with Previous and Next only when there is more than one page', async ({
    page,
    baseURL,
  }) => {
    const token = await teamWithSampleBatches(baseURL!, 'pages', 4);
    // Three archived emails leave 21 in the inbox (two pages) and 3 in Archived (one page).
    const before = await listEmails(baseURL!, token, `?size=${4 * SAMPLE_BATCH}`);
    const archived = before.content.slice(-3);
    for (const email of archived) await api(baseURL!, token, 'PUT', `/emails/${email.id}/archive`);
    const first = await listEmails(baseURL!, token);
    const second = await listEmails(baseURL!, token, '?page=1');
    expect(first.totalElements).toBe(4 * SAMPLE_BATCH - 3);
    expect(first.totalPages).toBe(2);
    expect(first.content).toHaveLength(PAGE_SIZE);
    expect(second.content).toHaveLength(1);

    await useToken(page, token);
    await page.goto('/admin/inbox');
    const rows = page.getByTestId('email-row');
    const pagination = page.getByTestId('pagination');
    const previous = pagination.getByTestId('page-previous');
    const next = pagination.getByTestId('page-next');
    await expect(page.getByTestId('email-subject')).toHaveText(first.content.map((e) => e.subject));
    await expect(pagination).toBeVisible();
    await expect(page.getByTestId('page-indicator')).toHaveText('1 / 2');
    await expect(previous).toHaveText('Previous');
    await expect(next).toHaveText('Next');
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();

    await next.click();
    await expect(page.getByTestId('page-indicator')).toHaveText('2 / 2');
    await expect(page.getByTestId('email-subject')).toHaveText(second.content.map((e) => e.subject));
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();

    await previous.click();
    await expect(page.getByTestId('page-indicator')).toHaveText('1 / 2');
    await expect(rows).toHaveCount(PAGE_SIZE);
    await expect(previous).toBeDisabled();

    // A folder with a single page has no pagination; choosing it from page 2 shows its first page.
    await next.click();
    await expect(page.getByTestId('page-indicator')).toHaveText('2 / 2');
    await chooseFolder(page, 'Archived');
    await expect(page.getByTestId('email-subject')).toHaveText(archived.map((e) => e.subject));
    await expect(pagination).toHaveCount(0);
    await chooseFolder(page, 'Dashboard');
    await expect(page.getByTestId('page-indicator')).toHaveText('1 / 2');
    await expect(rows).toHaveCount(PAGE_SIZE);
  });

  test('a single page of emails has no pagination', async ({ page, baseURL }) => {
    const token = await teamWithSampleBatches(baseURL!, 'onepage');
    await useToken(page, token);
    await page.goto('/admin/inbox');
    await expect(page.getByTestId('email-row')).toHaveCount(SAMPLE_BATCH);
    await expect(page.getByTestId('pagination')).toHaveCount(0);
    await expect(page.getByTestId('page-indicator')).toHaveCount(0);
  });

  test('the Unread folder lists only unread emails; an email marked spam shows under Spam and not in Dashboard', async ({
    page,
    baseURL,
  }) => {
    const token = await teamWithSampleBatches(baseURL!, 'folders');
    const emails = (await listEmails(baseURL!, token)).content;
    expect(emails).toHaveLength(SAMPLE_BATCH);
    const [spam, readOne, readTwo] = emails;
    await api(baseURL!, token, 'PUT', `/emails/${spam.id}/spam`);
    await api(baseURL!, token, 'PUT', `/emails/${readOne.id}/read`);
    await api(baseURL!, token, 'PUT', `/emails/${readTwo.id}/read`);
    const subjects = (list: Email[]) => list.map((e) => e.subject);

    await useToken(page, token);
    await page.goto('/admin/inbox');
    const shown = page.getByTestId('email-subject');
    await expect(shown).toHaveText(subjects(emails.filter((e) => e !== spam)));

    await chooseFolder(page, 'Spam');
    await expect(shown).toHaveText([spam.subject]);

    await chooseFolder(page, 'Unread');
    await expect(shown).toHaveText(subjects(emails.filter((e) => ![spam, readOne, readTwo].includes(e))));
    // Unread emails are shown in bold.
    for (const subject of await shown.all()) await expect(subject).toHaveClass(/font-bold/);

    await chooseFolder(page, 'Dashboard');
    await expect(shown).toHaveText(subjects(emails.filter((e) => e !== spam)));
    await expect(
      page.getByTestId('email-row').filter({ hasText: readOne.subject }).getByTestId('email-subject'),
    ).not.toHaveClass(/font-bold/);
  });

  test('/admin/email-inbox?search= opens the inbox filtered by the search; no match shows No emails found', async ({
    page,
    baseURL,
  }) => {
    const token = await teamWithSampleBatches(baseURL!, 'search');
    const all = await listEmails(baseURL!, token);
    const word = 'invoice';
    const matching = await listEmails(baseURL!, token, `?search=${word}`);
    expect(matching.totalElements).toBeGreaterThan(0);
    expect(matching.totalElements).toBeLessThan(all.totalElements);

    await useToken(page, token);
    await page.goto(`/admin/email-inbox?search=${word}`);
    await expect(page.getByText(`Search: ${word}`)).toBeVisible();
    await expect(page.getByTestId('email-subject')).toHaveText(matching.content.map((e) => e.subject));

    // Without the parameter the same screen lists everything.
    await page.goto('/admin/email-inbox');
    await expect(page.getByTestId('email-row')).toHaveCount(all.totalElements);
    await expect(page.getByText(`Search: ${word}`)).toHaveCount(0);

    await page.goto('/admin/inbox?search=zqxwvy');
    await expect(page.getByTestId('email-table').getByText('No emails found', { exact: true })).toBeVisible();
    await expect(page.getByTestId('email-row')).toHaveCount(0);
    await expect(page.getByTestId('pagination')).toHaveCount(0);
  });

  test('shows Loading... and a spinner while the email list loads, then the emails', async ({ page, baseURL }) => {
    const token = await teamWithSampleBatches(baseURL!, 'loading');
    await useToken(page, token);
    const release = await holdEmailList(page);
    await page.goto('/admin/inbox');
    const table = page.getByTestId('email-table');
    await expect(table.getByText('Loading...', { exact: true })).toBeVisible();
    await expect(table.locator('.p-datatable-loading-overlay')).toBeVisible();
    await expect(table.getByText('No emails found', { exact: true })).toHaveCount(0);
    release();
    await expect(page.getByTestId('email-row')).toHaveCount(SAMPLE_BATCH);
    await expect(table.getByText('Loading...', { exact: true })).toHaveCount(0);
    await expect(table.locator('.p-datatable-loading-overlay')).toHaveCount(0);
  });

  test('the Assigned to filter: Unassigned and a member who joined through an invitation', async ({
    page,
    baseURL,
  }) => {
    const token = await teamWithSampleBatches(baseURL!, 'assignee');
    const memberAccount = newAccount('member');
    await joinTeamViaApi(baseURL!, token, memberAccount);
    const members = await api<TeamMember[]>(baseURL!, token, 'GET', '/team/members');
    const member = members.find((m) => m.email === memberAccount.email)!;
    expect(member).toBeTruthy();
    const emails = (await listEmails(baseURL!, token)).content;
    const [forMember, forMe] = emails;
    const me = await api<CurrentUser>(baseURL!, token, 'GET', '/loggedInUser');
    await api(baseURL!, token, 'PUT', `/emails/${forMember.id}/assign`, { assignedTo: member.id });
    await api(baseURL!, token, 'PUT', `/emails/${forMe.id}/assign`, { assignedTo: me.id });

    await useToken(page, token);
    await page.goto('/admin/inbox');
    const shown = page.getByTestId('email-subject');
    await expect(shown).toHaveText(emails.map((e) => e.subject));
    const assignedTo = page.getByTestId('filters').locator('label').filter({ hasText: 'Assigned to' });
    await expect(assignedTo).toBeVisible();
    await expect(assignedTo.locator('.p-dropdown-label')).toHaveText('All');

    await page.getByTestId('filter-assignee').click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
      'All',
      'Unassigned',
      'My tasks',
      ...members.map((m) => m.email),
    ]);
    await page.getByRole('listbox').getByRole('option', { name: 'Unassigned', exact: true }).click();
    await expect(page.getByTestId('filter-assignee').locator('.p-dropdown-label')).toHaveText('Unassigned');
    await expect(shown).toHaveText(emails.filter((e) => e !== forMember && e !== forMe).map((e) => e.subject));

    await page.getByTestId('filter-assignee').click();
    await page.getByRole('listbox').getByRole('option', { name: member.email, exact: true }).click();
    await expect(page.getByTestId('filter-assignee').locator('.p-dropdown-label')).toHaveText(member.email);
    await expect(shown).toHaveText([forMember.subject]);

    await page.getByTestId('filter-assignee').click();
    await page.getByRole('listbox').getByRole('option', { name: 'All', exact: true }).click();
    await expect(shown).toHaveText(emails.map((e) => e.subject));
  });

  test('the realtime connection status is shown in Czech: Odpojeno without a connection, then Připojeno', async ({
    page,
    baseURL,
  }) => {
    const token = await teamWithSampleBatches(baseURL!, 'realtime');
    await useToken(page, token);
    // The socket's transports (WebSocket first, long polling as the fallback) are refused until they are let
    // through. A refused WebSocket here closes without an error event, so the client gives the handshake up after
    // its 10 s timeout and retries 5 s later.
    let blocked = true;
    let refused = 0;
    const isSocket = (url: URL) => url.pathname === '/ws' || url.pathname.startsWith('/ws/');
    await page.route(isSocket, (route) => {
      if (!blocked) return route.continue();
      refused += 1;
      return route.abort();
    });
    await page.routeWebSocket(isSocket, (ws) => {
      if (!blocked) return void ws.connectToServer();
      refused += 1;
      void ws.close();
    });
    await page.goto('/admin/inbox');
    const status = page.getByTestId('realtime-status');
    await expect.poll(() => refused).toBeGreaterThan(0);
    await expect(status).toHaveText('Odpojeno');
    await expect(status).toHaveAttribute('data-status', 'disconnected');
    await expect(page.getByTestId('email-row')).toHaveCount(SAMPLE_BATCH);

    blocked = false;
    await expect(status).toHaveText('Připojeno', { timeout: 30_000 });
    await expect(status).toHaveAttribute('data-status', 'connected');
  });

  test('a click on a row opens its detail', async ({ page, baseURL }) => {
    const token = await teamWithSampleBatches(baseURL!, 'rowclick');
    const emails = (await listEmails(baseURL!, token)).content;
    const target = emails[2];
    await useToken(page, token);
    await page.goto('/admin/inbox');
    const row = page.getByTestId('email-row').filter({ hasText: target.subject });
    await row.getByTestId('email-preview').click();
    await expect(page).toHaveURL(new RegExp(`/admin/email-detail/${target.id}$`));
    await expect(page.getByTestId('email-detail-subject')).toHaveText(target.subject);
  });

  test('a new email arriving live joins the Dashboard, but not the Spam folder or a search it does not belong to', async ({
    page,
    context,
    baseURL,
  }) => {
    const token = await teamWithSampleBatches(baseURL!, 'arrival');
    const [spam] = (await listEmails(baseURL!, token)).content;
    await api(baseURL!, token, 'PUT', `/emails/${spam.id}/spam`);
    await useToken(page, token);
    await page.goto('/admin/inbox');
    await expect(page.getByTestId('realtime-status')).toHaveText('Připojeno');
    await chooseFolder(page, 'Spam');
    await expect(page.getByTestId('email-subject')).toHaveText([spam.subject]);
    // A second tab shows the Dashboard: when the new emails are there, the first tab has had them pushed too.
    const dashboard = await context.newPage();
    await dashboard.goto('/admin/inbox?search=invoice');
    await expect(dashboard.getByTestId('email-row')).toHaveCount(1);
    const board = await context.newPage();
    await board.goto('/admin/inbox');
    await expect(board.getByTestId('email-row')).toHaveCount(SAMPLE_BATCH - 1);
    await expect(board.getByTestId('realtime-status')).toHaveText('Připojeno');
    await expect(dashboard.getByTestId('realtime-status')).toHaveText('Připojeno');

    await api(baseURL!, token, 'POST', '/emails/sample');
    await expect(board.getByTestId('email-row')).toHaveCount(2 * SAMPLE_BATCH - 1);
    await expect(page.getByTestId('email-subject')).toHaveText([spam.subject]);
    await expect(dashboard.getByTestId('email-row')).toHaveCount(1);
  });
});

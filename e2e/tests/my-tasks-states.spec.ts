import type { Locator, Page } from '@playwright/test';
import type { CurrentUser, Email, EmailDetail, Page as EmailPage } from '@teaminbox/contracts';
import { api, connectDovecotViaApi, expect, test, useToken, waitForEmailViaApi } from '../support/fixtures';
import { adminWithTeam, teamWithSampleBatches, useDovecot } from '../support/teams';

/** My Tasks shows 20 tasks a page; one sample batch holds 6 emails. */
const PAGE_SIZE = 20;
const SAMPLE_BATCH = 6;

/** A team with `batches` sample batches; returns the owner's token and id. */
async function teamWithSamples(baseURL: string, prefix: string, batches = 1) {
  const token = await teamWithSampleBatches(baseURL, prefix, batches);
  const me = await api<CurrentUser>(baseURL, token, 'GET', '/loggedInUser');
  return { token, me };
}

const myTasks = (baseURL: string, token: string, query = '') =>
  api<EmailPage<Email>>(baseURL, token, 'GET', `/emails/my-tasks${query}`);

async function choose(page: Page, dropdown: Locator, option: string) {
  await dropdown.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(dropdown.locator('.p-dropdown-label')).toHaveText(option);
}

/** The value shown beside a label in the detail pane's metadata. */
const metaValue = (page: Page, label: string) =>
  page
    .getByTestId('task-meta')
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('+ dd');

test.describe('My Tasks states', () => {
  test('the admin menu links to My Tasks; pages of tasks; filters and searches go back to the first page', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { token, me } = await teamWithSamples(baseURL!, 'taskpages', 4);
    const emails = (await api<EmailPage<Email>>(baseURL!, token, 'GET', '/emails?size=100')).content;
    expect(emails).toHaveLength(4 * SAMPLE_BATCH);
    for (const email of emails) await api(baseURL!, token, 'PUT', `/emails/${email.id}/assign`, { assignedTo: me.id });
    const firstPage = await myTasks(baseURL!, token);
    const secondPage = await myTasks(baseURL!, token, '?page=1');
    expect(firstPage.totalPages).toBe(2);
    const high = await myTasks(baseURL!, token, '?priority=HIGH');
    const closed = await myTasks(baseURL!, token, '?status=CLOSED');
    const invoices = await myTasks(baseURL!, token, '?search=invoice');
    const annual = await myTasks(baseURL!, token, '?search=annual');
    for (const filtered of [high, closed, invoices, annual]) {
      expect(filtered.totalElements).toBeGreaterThan(0);
      expect(filtered.totalPages).toBe(1);
    }

    await useToken(page, token);
    await page.goto('/admin');
    const menuLink = page.getByRole('navigation', { name: 'admin' }).getByRole('link', { name: 'My Tasks' });
    await expect(menuLink).toHaveAttribute('href', '/admin/my-tasks');
    await menuLink.click();
    await expect(page).toHaveURL(/\/admin\/my-tasks$/);
    await expect(menuLink).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'My Tasks', exact: true })).toBeVisible();
    await expect(page.getByTestId('task-count')).toHaveText(`${4 * SAMPLE_BATCH} assigned tasks`);

    const items = page.getByTestId('task-item');
    const pageText = page.getByTestId('task-page');
    const previous = page.getByTestId('task-previous');
    const next = page.getByTestId('task-next');
    const toSecondPage = async () => {
      await next.click();
      await expect(pageText).toHaveText('Page 2 of 2');
      await expect(items).toHaveCount(secondPage.content.length);
    };
    const backOnFirstPage = async () => {
      await expect(pageText).toHaveText('Page 1 of 2');
      await expect(items).toHaveCount(PAGE_SIZE);
      await expect(page.getByTestId('task-count')).toHaveText(`${4 * SAMPLE_BATCH} assigned tasks`);
    };
    await expect(items).toHaveCount(PAGE_SIZE);
    await expect(pageText).toHaveText('Page 1 of 2');
    await expect(previous).toHaveText('Previous');
    await expect(next).toHaveText('Next');
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(items.first()).toContainText(firstPage.content[0].subject);

    await toSecondPage();
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await expect(items.first()).toContainText(secondPage.content[0].subject);
    await previous.click();
    await backOnFirstPage();

    // The filters offer the spec's options; choosing one on page 2 shows the first page of the result.
    const status = page.getByTestId('task-status');
    const priority = page.getByTestId('task-priority');
    await expect(status.locator('.p-dropdown-label')).toHaveText('All Status');
    await expect(priority.locator('.p-dropdown-label')).toHaveText('All Priority');
    await status.click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
      'All Status',
      'New',
      'In Progress',
      'Resolved',
      'Closed',
    ]);
    await page.keyboard.press('Escape');
    await priority.click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['All Priority', 'High', 'Medium', 'Low']);
    await page.keyboard.press('Escape');

    await toSecondPage();
    await choose(page, priority, 'High');
    await expect(items).toHaveCount(high.totalElements);
    await expect(page.getByTestId('task-count')).toHaveText(`${high.totalElements} assigned tasks`);
    await expect(page.getByTestId('task-pagination')).toHaveCount(0);
    for (const item of await items.all()) await expect(item).toContainText('high');
    await choose(page, priority, 'All Priority');
    await backOnFirstPage();

    await toSecondPage();
    await choose(page, status, 'Closed');
    await expect(items).toHaveCount(closed.totalElements);
    for (const item of await items.all()) await expect(item).toContainText('closed');
    await choose(page, status, 'All Status');
    await backOnFirstPage();

    // Search by Enter, then by the Search button.
    const search = page.getByTestId('task-search');
    await toSecondPage();
    await search.fill('invoice');
    await search.press('Enter');
    await expect(items).toHaveCount(invoices.totalElements);
    for (const item of await items.all()) await expect(item).toContainText(invoices.content[0].subject);
    await search.fill('');
    await search.press('Enter');
    await backOnFirstPage();

    await toSecondPage();
    await search.fill('annual');
    await page.getByTestId('task-search-button').click();
    await expect(page.getByTestId('task-search-button')).toHaveText('Search');
    await expect(items).toHaveCount(annual.totalElements);
    for (const item of await items.all()) await expect(item).toContainText(annual.content[0].subject);
    await search.fill('');
    await page.getByTestId('task-search-button').click();
    await backOnFirstPage();
  });

  test('Loading... while the tasks load, then the no-tasks state for a user with nothing assigned', async ({
    page,
    baseURL,
  }) => {
    const { token } = await teamWithSamples(baseURL!, 'notasks');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/emails/my-tasks',
      async (route) => {
        await gate;
        await route.continue();
      },
    );
    await useToken(page, token);
    await page.goto('/admin/my-tasks');
    await expect(page.getByTestId('tasks-loading')).toHaveText('Loading...');
    await expect(page.getByTestId('no-tasks')).toHaveCount(0);
    release();
    await expect(page.getByTestId('tasks-loading')).toHaveCount(0);
    await expect(page.getByTestId('no-tasks')).toHaveText('No tasks are assigned to you.');
    await expect(page.getByTestId('task-count')).toHaveText('0 assigned tasks');
    await expect(page.getByTestId('task-item')).toHaveCount(0);
    await expect(page.getByTestId('task-pagination')).toHaveCount(0);
    await expect(page.getByTestId('no-task-selected')).toHaveText('Select a task on the left to see it here.');
  });

  test('the detail pane: nothing selected, then the task with its metadata and plain or HTML body', async ({
    page,
    baseURL,
  }) => {
    const { token, me } = await teamWithSamples(baseURL!, 'taskdetail');
    const listed = (await api<EmailPage<Email>>(baseURL!, token, 'GET', '/emails')).content;
    // Lists carry a preview only: the bodies come with each email's detail.
    const emails = await Promise.all(
      listed.map((email) => api<EmailDetail>(baseURL!, token, 'GET', `/emails/${email.id}`)),
    );
    const plain = emails.find((e) => !e.htmlBody && e.cc.length > 0)!;
    const html = emails.find((e) => e.htmlBody)!;
    expect(plain).toBeTruthy();
    expect(html).toBeTruthy();
    for (const email of [plain, html])
      await api(baseURL!, token, 'PUT', `/emails/${email.id}/assign`, { assignedTo: me.id });

    await useToken(page, token);
    await page.goto('/admin/my-tasks');
    await expect(page.getByTestId('task-count')).toHaveText('2 assigned tasks');
    await expect(page.getByTestId('no-task-selected')).toHaveText('Select a task on the left to see it here.');

    const plainItem = page.getByTestId('task-item').filter({ hasText: plain.subject });
    await expect(plainItem).toContainText(plain.fromName ?? plain.fromEmail);
    await expect(plainItem).toContainText(plain.priority.toLowerCase());
    await expect(plainItem).toContainText(plain.status.toLowerCase());
    await plainItem.click();
    const detail = page.getByTestId('task-detail');
    await expect(detail.locator('.p-card-title')).toHaveText(plain.subject);
    await expect(page.getByTestId('no-task-selected')).toHaveCount(0);
    await expect(page.getByTestId('task-meta').locator('dt')).toHaveText([
      'From',
      'To',
      'Cc',
      'Date',
      'Priority',
      'Status',
    ]);
    await expect(metaValue(page, 'From')).toHaveText(plain.fromEmail);
    await expect(metaValue(page, 'To')).toHaveText(plain.to.join(', '));
    await expect(metaValue(page, 'Cc')).toHaveText(plain.cc.join(', '));
    await expect(metaValue(page, 'Priority')).toHaveText(plain.priority.toLowerCase());
    await expect(metaValue(page, 'Status')).toHaveText(plain.status.toLowerCase());
    await expect(page.getByTestId('task-body-text')).toContainText(plain.body.split('\n').find((l) => l.length > 20)!);

    await page.getByTestId('task-item').filter({ hasText: html.subject }).click();
    await expect(detail.locator('.p-card-title')).toHaveText(html.subject);
    await expect(page.getByTestId('task-body-frame')).toBeVisible();
    await expect(page.frameLocator('[data-testid="task-body-frame"]').getByRole('heading')).toContainText(
      'INV-2024-0311',
    );
    await expect(page.getByTestId('task-attachments')).toHaveCount(0);

    await detail.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/email-detail/${html.id}$`));
  });
});

test.describe('My Tasks with an attachment from the mail server', () => {
  const dovecot = useDovecot();

  test('a task with an attachment shows the attachment badge and the file name with its size in bytes', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { token } = await adminWithTeam(baseURL!, 'taskfile', 'Task file crew');
    const me = await api<CurrentUser>(baseURL!, token, 'GET', '/loggedInUser');
    await connectDovecotViaApi(baseURL!, token, dovecot());
    const subject = `Signed contract ${Date.now()}`;
    const content = 'Contract text, signed by both parties.\r\n';
    const imap = await dovecot().client();
    await imap.append(
      'INBOX',
      [
        'From: Petra Svobodova <petra@example.com>',
        'To: support@example.test',
        `Subject: ${subject}`,
        `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@example.com>`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="part"',
        '',
        '--part',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'The signed contract is attached.',
        '--part',
        'Content-Type: text/plain; charset=utf-8; name="contract.txt"',
        'Content-Disposition: attachment; filename="contract.txt"',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from(content).toString('base64'),
        '--part--',
        '',
      ].join('\r\n'),
    );
    await imap.logout();
    // The manual Fetch Emails call, so that the test does not wait for the mailbox worker's next round.
    const email = await waitForEmailViaApi(baseURL!, token, subject, { fetch: true });
    const attachment = email.attachments.find((a) => a.filename === 'contract.txt')!;
    expect(attachment).toBeTruthy();
    await api(baseURL!, token, 'PUT', `/emails/${email.id}/assign`, { assignedTo: me.id });

    await useToken(page, token);
    await page.goto('/admin/my-tasks');
    const item = page.getByTestId('task-item');
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('task-attachment-badge')).toHaveText(String(email.attachments.length));
    await item.click();
    await expect(page.getByTestId('task-detail').getByRole('heading', { name: 'Attachments' })).toBeVisible();
    await expect(page.getByTestId('task-attachments').getByRole('listitem')).toHaveText([
      `contract.txt (${attachment.size} bytes)`,
    ]);
    expect(attachment.size).toBe(Buffer.byteLength(content));
  });
});

import type { Label } from '@teaminbox/contracts';
import type { Locator, Page } from '@playwright/test';
import {
  api,
  connectDovecotViaApi,
  expect,
  test,
  useToken,
  waitForEmailViaApi,
  waitForSyncOverViaApi,
} from '../support/fixtures';
import { teamOfTwo, useDovecot } from '../support/teams';

/** Opens a PrimeReact dropdown and picks the option with this text. */
async function pick(page: Page, dropdown: Locator, option: string) {
  await dropdown.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const ruleRow = (page: Page, name: string) =>
  page
    .getByTestId('rules-table')
    .locator('tr')
    .filter({ has: page.getByTestId('rule-name').getByText(name, { exact: true }) });

test.describe('the Rules screen', () => {
  const dovecot = useDovecot('rules-desk');

  test('creates, edits, disables and deletes rules; a matching mail then reaches another member assigned and labelled, live', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const {
      bob: member,
      aliceToken: adminToken,
      bobToken: memberToken,
    } = await teamOfTwo(baseURL!, 'Rules crew', { alice: 'rules-admin', bob: 'rules-member' });
    await api<Label>(baseURL!, adminToken, 'POST', '/email-labels', { name: 'VIP' });

    await useToken(page, adminToken);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Rules' }).click();
    await expect(page).toHaveURL(/\/admin\/rules$/);
    await expect(page.getByRole('heading', { name: 'Rules' })).toBeVisible();
    await expect(page.getByText('No rules yet.')).toBeVisible();

    // Create: the new-rule defaults, a condition and two actions.
    await page.getByRole('button', { name: 'New rule' }).click();
    const editor = page.getByTestId('rule-editor');
    await expect(editor.getByLabel('Priority')).toHaveValue('1');
    await expect(editor.getByTestId('rule-enabled').getByRole('switch')).toBeChecked();
    await expect(editor.getByText('Suppress team notifications about new email')).toBeVisible();
    await editor.getByLabel('Name').fill('VIP');
    await editor.getByRole('button', { name: 'Add condition' }).click();
    const condition = editor.getByTestId('rule-condition');
    await expect(condition.getByTestId('condition-field').locator('.p-dropdown-label')).toHaveText('From email');
    await expect(condition.getByTestId('condition-operator').locator('.p-dropdown-label')).toHaveText('contains');
    await pick(page, condition.getByTestId('condition-operator'), 'ends with');
    await condition.getByTestId('condition-value').fill('@vip.example.test');
    await editor.getByRole('button', { name: 'Add action' }).click();
    await expect(editor.getByTestId('action-type').first().locator('.p-dropdown-label')).toHaveText('Add label');
    await pick(page, editor.getByTestId('action-value').first(), 'VIP');
    await editor.getByRole('button', { name: 'Add action' }).click();
    const second = editor.getByTestId('rule-action').nth(1);
    await pick(page, second.getByTestId('action-type'), 'Assign to user');
    await pick(page, second.getByTestId('action-value'), member.email);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(ruleRow(page, 'VIP').getByTestId('rule-status')).toHaveText('Zap');
    await expect(ruleRow(page, 'VIP').getByTestId('rule-priority')).toHaveText('1');

    // Edit: the name; Cancel discards, Save keeps.
    await ruleRow(page, 'VIP').getByRole('button', { name: 'Edit' }).click();
    await editor.getByLabel('Name').fill('Discarded');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(ruleRow(page, 'VIP')).toBeVisible();
    await ruleRow(page, 'VIP').getByRole('button', { name: 'Edit' }).click();
    await expect(editor.getByTestId('condition-value')).toHaveValue('@vip.example.test');
    await editor.getByLabel('Name').fill('VIP customers');
    await editor.getByRole('button', { name: 'Save' }).click();
    const vip = ruleRow(page, 'VIP customers');
    await expect(vip.getByTestId('rule-status')).toHaveText('Zap');

    // Disable, then switch it on again.
    for (const status of ['Vyp', 'Zap']) {
      await vip.getByRole('button', { name: 'Edit' }).click();
      await editor.getByTestId('rule-enabled').getByRole('switch').click();
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect(vip.getByTestId('rule-status')).toHaveText(status);
    }

    // A second rule, deleted again.
    await page.getByRole('button', { name: 'New rule' }).click();
    await expect(editor.getByLabel('Priority')).toHaveValue('2');
    await editor.getByLabel('Name').fill('Temporary');
    await editor.getByRole('button', { name: 'Add action' }).click();
    await pick(page, editor.getByTestId('action-type'), 'Mark as spam');
    await expect(editor.getByTestId('action-value')).toHaveCount(0);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(ruleRow(page, 'Temporary')).toBeVisible();
    await ruleRow(page, 'Temporary').getByRole('button', { name: 'Delete' }).click();
    await expect(ruleRow(page, 'Temporary')).toHaveCount(0);
    await expect(page.getByTestId('rule-name')).toHaveText(['VIP customers']);

    // The member's inbox is open when the mail arrives.
    await connectDovecotViaApi(baseURL!, adminToken, dovecot());
    // The mailbox's first sync (of an empty mailbox) is over before the mail arrives: it comes as new mail, live.
    await waitForSyncOverViaApi(baseURL!, adminToken);
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await useToken(memberPage, memberToken);
    await memberPage.goto('/admin/inbox');
    await expect(memberPage.getByTestId('realtime-status')).toHaveAttribute('data-status', 'connected');
    const imap = await dovecot().client();
    await imap.append(
      'INBOX',
      [
        'From: Big Boss <boss@vip.example.test>',
        'To: support@example.test',
        'Subject: Contract renewal',
        'Message-ID: <rules-e2e-1@vip.example.test>',
        'Date: Mon, 2 Nov 2026 10:00:00 +0000',
        '',
        'Please call me.',
        '',
      ].join('\r\n'),
    );
    await imap.logout();
    // Stored first (else the mail was not ingested), then in the member's open list (else its push was not applied).
    await waitForEmailViaApi(baseURL!, adminToken, 'Contract renewal');
    const row = memberPage.getByTestId('email-row').filter({ hasText: 'Contract renewal' });
    await expect(row, 'the stored mail reaches the open list by its push').toHaveCount(1, { timeout: 30_000 });
    await expect(row.getByTestId('label-chips')).toHaveText('VIP', { timeout: 15_000 });
    await expect(row.getByTestId('row-assign').getByRole('button', { name: member.email })).toBeVisible();
    await memberContext.close();
  });
});

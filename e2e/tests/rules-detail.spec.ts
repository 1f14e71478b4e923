import type { CurrentUser, EmailServerConfig, Label, Rule } from '@teaminbox/contracts';
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

/**
 * What the rules did, seen in the email detail, on the real stack with a real Dovecot: the first-sync option saved
 * on the email server configuration screen, old mail left alone by it, a live mail a rule acts on with its
 * explanation, and a member who sets status and priority (followed live by another member, kept after a reload).
 */

/** Opens a PrimeReact dropdown and picks the option with this text. */
async function pick(page: Page, dropdown: Locator, option: string) {
  await dropdown.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function message(from: string, subject: string, id: string): string {
  return [
    `From: ${from}`,
    'To: support@example.test',
    `Subject: ${subject}`,
    `Message-ID: <${id}@vip.example.test>`,
    `Date: ${new Date().toUTCString()}`,
    '',
    'Please call me back.',
    '',
  ].join('\r\n');
}

test.describe('the rules in the email detail', () => {
  const dovecot = useDovecot('rules-detail');

  test('first-sync option saved and applied; a rule acts on live mail and the detail says why; a member sets status and priority', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const {
      bob: member,
      aliceToken: adminToken,
      bobToken: memberToken,
    } = await teamOfTwo(baseURL!, 'Rules detail crew', { alice: 'rd-admin', bob: 'rd-member' });
    const memberUser = await api<CurrentUser>(baseURL!, memberToken, 'GET', '/loggedInUser');
    const vipLabel = await api<Label>(baseURL!, adminToken, 'POST', '/email-labels', { name: 'VIP' });
    await api<Rule>(baseURL!, adminToken, 'POST', '/rules', {
      name: 'VIP customers',
      conditions: [{ field: 'FROM_EMAIL', operator: 'ENDS_WITH', value: '@vip.example.test' }],
      actions: [
        { type: 'ASSIGN_TO_USER', value: memberUser.id, skipIfOnVacation: false },
        { type: 'ADD_LABEL', value: vipLabel.id, skipIfOnVacation: false },
        { type: 'SET_PRIORITY', value: 'HIGH', skipIfOnVacation: false },
      ],
    });

    // Old mail waits in the mailbox before it is connected; the configuration is stored, not active yet.
    const imap = await dovecot().client();
    await imap.append('INBOX', message('Old Boss <boss@vip.example.test>', 'Last year contract', 'rd-old'));
    await connectDovecotViaApi(baseURL!, adminToken, dovecot(), { isActive: false });

    // The admin switches the rules off for the old mail, and the mailbox on, on the configuration screen.
    await useToken(page, adminToken);
    await page.goto('/admin/email-server-config');
    const option = page.getByLabel('Apply the rules to the mail already in the mailbox when it is first synchronised');
    await expect(option).toBeChecked();
    await expect(option).toBeDisabled();
    await expect(
      page.getByText(
        'Off: the rules act only on mail that arrives after the first synchronisation; the mail already there is left as it is.',
      ),
    ).toBeVisible();
    await page.getByTestId('config-edit').click();
    await option.click();
    await page.getByLabel('Active', { exact: true }).click();
    await page.getByTestId('config-save').click();
    await expect(page.getByTestId('config-message')).toHaveText('Email server configuration saved');
    await page.reload();
    await expect(page.getByTestId('config-edit')).toBeVisible();
    await expect(option).not.toBeChecked();
    const stored = await api<EmailServerConfig>(baseURL!, adminToken, 'GET', '/email-server-config');
    expect(stored).toMatchObject({ applyRulesToFirstSync: false, isActive: true });

    // The old mail arrives with the first sync, untouched by the rule, and its detail says why.
    const old = await waitForEmailViaApi(baseURL!, adminToken, 'Last year contract');
    await page.goto(`/admin/email-detail/${old.id}`);
    await expect(page.getByTestId('email-rules-state')).toHaveText(
      'Rules were not applied: old mail of the first synchronisation.',
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('assignee')).toHaveText('Not assigned');
    await expect(page.getByTestId('email-meta')).toContainText('medium');

    // A live mail, once the first sync is over: the rule assigns, labels and prioritises it.
    await waitForSyncOverViaApi(baseURL!, adminToken);
    await page.goto('/admin/inbox');
    await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-status', 'connected');
    await imap.append('INBOX', message('Big Boss <boss@vip.example.test>', 'Contract renewal', 'rd-live'));
    await imap.logout();
    const row = page.getByTestId('email-row').filter({ hasText: 'Contract renewal' });
    await expect(row.getByTestId('label-chips')).toHaveText('VIP', { timeout: 30_000 });
    await expect(row.getByTestId('email-priority')).toHaveText('high');
    await expect(row.getByTestId('email-status')).toHaveText('new');
    await row.getByTestId('email-subject').click();
    await expect(page.getByTestId('email-detail-subject')).toHaveText('Contract renewal');
    const emailUrl = page.url();

    // The member opens it too: status, priority and which rule matched, why, and what it did.
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await useToken(memberPage, memberToken);
    await memberPage.goto(emailUrl);
    const meta = memberPage.getByTestId('email-meta');
    await expect(meta).toContainText('high');
    await expect(meta).toContainText('new');
    await expect(memberPage.getByTestId('status-select').locator('.p-dropdown-label')).toHaveText('New');
    await expect(memberPage.getByTestId('priority-select').locator('.p-dropdown-label')).toHaveText('High');
    const match = memberPage.getByTestId('rule-match');
    await expect(match.getByTestId('rule-match-name')).toHaveText("Rule 'VIP customers' matched");
    await expect(match.getByTestId('rule-match-condition')).toHaveText('From email ends with "@vip.example.test" held');
    await expect(match.getByTestId('rule-match-action')).toHaveText([
      `Assign to user ${member.email} — done`,
      'Add label VIP — done',
      'Set priority High — done',
    ]);

    // The member resolves it and lowers its priority; the admin's open detail follows without a reload.
    await pick(memberPage, memberPage.getByTestId('status-select'), 'Resolved');
    await expect(memberPage.getByText('Status changed')).toBeVisible();
    await pick(memberPage, memberPage.getByTestId('priority-select'), 'Low');
    await expect(memberPage.getByText('Priority changed')).toBeVisible();
    await expect(page.getByTestId('status-select').locator('.p-dropdown-label')).toHaveText('Resolved', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('priority-select').locator('.p-dropdown-label')).toHaveText('Low', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('email-meta')).toContainText('resolved');

    // Kept after a reload; the timeline names the rule as the actor of its actions, and the member of theirs.
    await memberPage.reload();
    await expect(memberPage.getByTestId('status-select').locator('.p-dropdown-label')).toHaveText('Resolved');
    await expect(memberPage.getByTestId('priority-select').locator('.p-dropdown-label')).toHaveText('Low');
    await expect(memberPage.getByTestId('email-meta')).toContainText('resolved');
    await memberPage.getByTestId('view-mode').getByText('Timeline').click();
    const events = memberPage
      .getByTestId('timeline-event')
      .filter({ has: memberPage.getByText('Status', { exact: true }) });
    await expect(memberPage.getByTestId('timeline')).toContainText(`Rule 'VIP customers': assigned to ${member.email}`);
    await expect(memberPage.getByTestId('timeline')).toContainText(`Rule 'VIP customers': label "VIP" added`);
    await expect(memberPage.getByTestId('timeline')).toContainText("Rule 'VIP customers': priority changed to High");
    await expect(memberPage.getByTestId('timeline')).toContainText('Status changed to Resolved');
    await expect(memberPage.getByTestId('timeline')).toContainText('Priority changed to Low');
    await expect(events.filter({ hasText: 'Status changed to Resolved' })).toContainText(member.email);
    await memberContext.close();
  });
});

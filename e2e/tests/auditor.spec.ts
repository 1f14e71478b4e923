import type { Page as EmailPage, Email } from '@teaminbox/contracts';
import {
  api,
  createTeamViaApi,
  expect,
  joinTeamViaApi,
  loginViaUi,
  newAccount,
  signInViaApi,
  signUpViaApi,
  test,
} from '../support/fixtures';

test.describe('the AUDITOR role', () => {
  test('an auditor signs in, reads the inbox and an email with no action control, and a write answers 403', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const adminToken = await signUpViaApi(baseURL!, newAccount('audit-admin'));
    await createTeamViaApi(baseURL!, adminToken, 'Audited crew');
    await api(baseURL!, adminToken, 'POST', '/emails/sample');
    const auditor = newAccount('auditor');
    const memberToken = await joinTeamViaApi(baseURL!, adminToken, auditor);
    const me = await api<{ id: string }>(baseURL!, memberToken, 'GET', '/loggedInUser');
    await api(baseURL!, adminToken, 'PUT', `/team/member/${me.id}/role`, 'AUDITOR');
    const auditorToken = await signInViaApi(baseURL!, auditor);

    await loginViaUi(page, auditor);
    await expect(page.getByTestId('header-role')).toHaveText('Role: AUDITOR');
    await page.goto('/admin/inbox');
    const rows = page.getByTestId('email-row');
    await expect(rows.first()).toBeVisible();
    // The list reads: no selection boxes, stars or row menus.
    await expect(page.getByTestId('row-menus')).toHaveCount(0);
    await expect(page.getByTestId('row-star')).toHaveCount(0);
    await expect(page.locator('.p-selection-column')).toHaveCount(0);

    const subject = (await rows.first().getByTestId('email-subject').textContent())!.trim();
    await rows.first().getByTestId('email-subject').click();
    await expect(page.getByTestId('email-detail-subject')).toHaveText(subject);
    await expect(page.getByTestId('read-only-notice')).toHaveText(
      'You are an auditor: you can read everything, but you cannot change anything.',
    );
    for (const control of [
      'archive-toggle',
      'spam-toggle',
      'mute-toggle',
      'member-select',
      'label-select',
      'comment-input',
      'reply-form',
    ]) {
      await expect(page.getByTestId(control)).toHaveCount(0);
    }
    await expect(page.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
    await expect(page.getByTestId('status-select')).toHaveClass(/p-disabled/);
    await expect(page.getByTestId('priority-select')).toHaveClass(/p-disabled/);

    // Opening the email did not mark it read for the team, and a write through the API answers 403.
    const [email] = (
      await api<EmailPage<Email>>(baseURL!, adminToken, 'GET', `/emails?search=${encodeURIComponent(subject)}`)
    ).content;
    expect(email.read).toBe(false);
    const refused = await fetch(`${baseURL}/api/emails/${email.id}/archive`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${auditorToken}` },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Auditors cannot change anything: this role can only read.',
    );
  });
});

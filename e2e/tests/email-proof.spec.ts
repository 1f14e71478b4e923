import { test, expect, createTeamViaApi, signUpViaApi, useToken } from '../support/fixtures';
import { linkIn, waitForMail } from '../support/mail-sink';

test.describe('proving one’s email address', () => {
  test('an unproven admin sees why invitations wait, and the button mails a login link that proves the address', async ({
    page,
    account,
    baseURL,
  }) => {
    const token = await signUpViaApi(baseURL!, account, { proven: false });
    await createTeamViaApi(baseURL!, token, 'Unproven crew');
    await useToken(page, token);
    await page.goto('/admin/team-members');
    await expect(page.getByRole('heading', { name: 'Team Members Management' })).toBeVisible();

    const notice = page.getByTestId('email-proof');
    await expect(notice.getByText('Confirm your email address')).toBeVisible();
    await expect(page.getByTestId('email-proof-why')).toHaveText(
      `Invitations and notification emails are sent only from and to addresses that are confirmed. Confirm that ${account.email} is yours: sign in once with a login link sent to it, then set a new password.`,
    );
    await expect(page.getByTestId('invite-form')).toHaveCount(0);

    const startedAt = Date.now();
    await page.getByRole('button', { name: 'Send me a login link' }).click();
    await expect(page.getByTestId('email-proof-sent')).toHaveText(
      `We have sent a login link to ${account.email}. Open it to confirm your address.`,
    );
    const mail = await waitForMail(
      account.email,
      (m) => /\/loginLink\//.test(m.text ?? '') && (m.date?.getTime() ?? 0) >= startedAt - 1000,
    );

    // The link proves the address: the page then offers the Send Invitation form.
    await page.goto(linkIn(mail, '/loginLink/'));
    await expect(page.getByTestId('set-password-new')).toBeVisible({ timeout: 15_000 });
    await page.goto('/admin/team-members');
    await expect(page.getByTestId('invite-form')).toBeVisible();
    await expect(page.getByTestId('email-proof')).toHaveCount(0);
  });
});

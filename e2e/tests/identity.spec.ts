import {
  test,
  expect,
  api,
  createTeamViaApi,
  loginViaUi,
  logoutViaUi,
  newAccount,
  signUpViaApi,
  useToken,
} from '../support/fixtures';
import { linkIn, waitForMail } from '../support/mail-sink';

interface TeamDto {
  id: string;
  members: { id: string; email: string; role: string }[];
  invitations: { id: string; email: string }[];
}

test.describe('identity', () => {
  test('log in and log out', async ({ page, account, baseURL }) => {
    await signUpViaApi(baseURL!, account, { proven: false });
    await loginViaUi(page, account);
    await logoutViaUi(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
  });

  test('forgot password: the emailed login link signs in, then a new password replaces the old one', async ({
    page,
    account,
    baseURL,
  }) => {
    await signUpViaApi(baseURL!, account, { proven: false });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expect(page.getByText('We will send you a login link and then you can change your password.')).toBeVisible();
    await expect(page.getByText('Remember your password?')).toBeVisible();

    await page.getByTestId('reset-email').fill('a@b');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Enter valid email address!')).toBeVisible();

    await page.getByTestId('reset-email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const panel = page.getByTestId('reset-panel');
    await expect(panel.getByText('Please check your inbox')).toBeVisible();
    await expect(panel.getByText('Simply click on the link in the email to log in.')).toBeVisible();
    await expect(
      panel.getByText('If an account exists for this address, we have sent a login link to it.'),
    ).toBeVisible();

    const mail = await waitForMail(account.email, (m) => /\/loginLink\//.test(m.text ?? ''));
    const link = linkIn(mail, '/loginLink/');
    await page.goto(link);
    await expect(page.getByText('Successfully logged in')).toBeVisible();
    await expect(page.getByTestId('set-password-new')).toBeVisible({ timeout: 15_000 });

    const newPassword = 'a brand new secret';
    await page.getByTestId('set-password-new').fill(newPassword);
    await page.getByTestId('set-password-confirm').fill(newPassword);
    await page.getByTestId('set-password-submit').click();
    // The set-password screen is under /admin too: wait for the dashboard, i.e. for the change to be done.
    await expect(page).toHaveURL(/\/admin$/);
    await logoutViaUi(page);

    await page.goto('/login');
    await page.getByTestId('login-email').fill(account.email);
    await page.getByTestId('login-password').fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await loginViaUi(page, { email: account.email, password: newPassword });

    // The link worked once only.
    await page.goto(link);
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByText('Login link might be expired.')).toBeVisible();
  });

  test('a login link for an unknown token fails clearly', async ({ page }) => {
    await page.goto('/loginLink/not-a-real-token-at-all');
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByText('Login link might be expired.')).toBeVisible();
  });

  test('an unknown invitation shows that it has expired', async ({ page }) => {
    page.on('dialog', (dialog) => void dialog.dismiss());
    await page.goto('/invitation/not-a-real-invitation-token');
    await expect(page.getByText('Invitation has expired')).toBeVisible();
  });
});

test.describe('team management', () => {
  test('invite a new person, who registers through the emailed link and joins the team', async ({
    page,
    browser,
    account,
    baseURL,
  }) => {
    const adminToken = await signUpViaApi(baseURL!, account);
    await createTeamViaApi(baseURL!, adminToken, 'Invite crew');
    await useToken(page, adminToken);
    await page.goto('/admin/team-members');
    await expect(page.getByRole('heading', { name: 'Team Members Management' })).toBeVisible();

    const invitee = newAccount('invitee');
    await page.getByTestId('invite-email-input').fill(invitee.email);
    await page.getByTestId('invite-send-button').click();
    await expect(page.getByTestId('invitation-row').filter({ hasText: invitee.email })).toBeVisible();

    const mail = await waitForMail(invitee.email, (m) => /\/invitation\//.test(m.text ?? ''));
    const link = linkIn(mail, '/invitation/');
    const other = await browser.newContext();
    const guest = await other.newPage();
    await guest.goto(link);
    await expect(guest.getByText('Register to accept invitation')).toBeVisible();
    await expect(guest.getByTestId('register-email')).toHaveValue(invitee.email);
    await guest.getByTestId('register-password').fill(invitee.password);
    await guest.getByRole('button', { name: 'Create Account' }).click();
    await expect(guest.getByText('Account Created Successfully!')).toBeVisible();
    await guest.getByRole('button', { name: 'Go to Login' }).click();
    await loginViaUi(guest, invitee);
    await guest.goto('/admin/team-members');
    await expect(guest.getByTestId('member-row').filter({ hasText: account.email })).toBeVisible();
    await other.close();

    await page.reload();
    await expect(page.getByTestId('member-row').filter({ hasText: invitee.email })).toBeVisible();
    await expect(page.getByTestId('invitation-row').filter({ hasText: invitee.email })).toHaveCount(0);

    // The link works once.
    const again = await fetch(`${baseURL}/api/invitation/${link.split('/invitation/')[1]}`);
    expect(again.ok).toBe(false);
  });

  test('invite an existing user, who logs in through the emailed link and joins the team', async ({
    page,
    browser,
    account,
    baseURL,
  }) => {
    const adminToken = await signUpViaApi(baseURL!, account);
    await createTeamViaApi(baseURL!, adminToken, 'Existing crew');
    const existing = newAccount('existing');
    await signUpViaApi(baseURL!, existing);

    await useToken(page, adminToken);
    await page.goto('/admin/team-members');
    await page.getByTestId('invite-email-input').fill(existing.email);
    await page.getByTestId('invite-send-button').click();
    const mail = await waitForMail(existing.email, (m) => /\/invitation\//.test(m.text ?? ''));

    const other = await browser.newContext();
    const guest = await other.newPage();
    await guest.goto(linkIn(mail, '/invitation/'));
    await expect(guest.getByText('Login to accept invitation')).toBeVisible();
    await guest.getByTestId('login-email').fill(existing.email);
    await guest.getByTestId('login-password').fill(existing.password);
    await guest.getByRole('button', { name: 'Log In' }).click();
    await expect(guest).toHaveURL(/\/admin$/);
    await other.close();

    const team = await api<TeamDto>(baseURL!, adminToken, 'GET', '/team');
    expect(team.members.map((m) => m.email)).toContain(existing.email);
  });

  test('roles and the delete rules as each role sees them', async ({ page, account, baseURL }) => {
    const adminToken = await signUpViaApi(baseURL!, account);
    await createTeamViaApi(baseURL!, adminToken, 'Roles crew');
    const maintainer = newAccount('maintainer');
    const member = newAccount('member');
    const joinByInvitation = async (who: typeof member) => {
      await api(baseURL!, adminToken, 'PUT', '/invitation', { email: who.email });
      const mail = await waitForMail(who.email, (m) => /\/invitation\//.test(m.text ?? ''));
      const token = linkIn(mail, '/invitation/').split('/invitation/')[1];
      const res = await fetch(`${baseURL}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...who, invitationId: token }),
      });
      expect(res.ok).toBe(true);
    };
    await joinByInvitation(maintainer);
    await joinByInvitation(member);
    const rowOf = (email: string) => page.locator(`[data-testid="member-row"][data-email="${email}"]`);

    // ADMIN: no role select, Save or delete on their own row; may promote the maintainer-to-be.
    await useToken(page, adminToken);
    await page.goto('/admin/team-members');
    await expect(rowOf(account.email)).toContainText('(You)');
    await expect(rowOf(account.email).getByTestId('member-role-select')).toHaveCount(0);
    await expect(rowOf(account.email).getByTestId('member-role-save')).toHaveCount(0);
    await expect(rowOf(account.email).getByTestId('member-delete')).toHaveCount(0);
    await rowOf(maintainer.email).getByTestId('member-role-select').click();
    await page.getByRole('option', { name: 'MAINTAINER' }).click();
    await rowOf(maintainer.email).getByTestId('member-role-save').click();
    await expect
      .poll(async () => {
        const team = await api<TeamDto>(baseURL!, adminToken, 'GET', '/team');
        return team.members.find((m) => m.email === maintainer.email)?.role;
      })
      .toBe('MAINTAINER');

    // MEMBER: sees no delete action at all; a role change is refused by the server with 'Forbidden!'.
    const memberToken = await signUpOrSignIn(baseURL!, member);
    await useToken(page, memberToken);
    await page.goto('/admin/team-members');
    await expect(rowOf(member.email)).toContainText('(You)');
    await expect(page.getByTestId('member-delete')).toHaveCount(0);
    await rowOf(maintainer.email).getByTestId('member-role-select').click();
    await page.getByRole('option', { name: 'MEMBER' }).click();
    await rowOf(maintainer.email).getByTestId('member-role-save').click();
    await expect(page.getByText('Forbidden!')).toBeVisible();

    // MAINTAINER: may delete a MEMBER, never an ADMIN nor themself.
    const maintainerToken = await signUpOrSignIn(baseURL!, maintainer);
    await useToken(page, maintainerToken);
    await page.goto('/admin/team-members');
    await expect(rowOf(account.email).getByTestId('member-delete')).toHaveCount(0);
    await expect(rowOf(maintainer.email).getByTestId('member-delete')).toHaveCount(0);
    await rowOf(member.email).getByTestId('member-delete').click();
    await page.getByRole('button', { name: /yes/i }).click();
    await expect(page.getByText('Member successfully removed from team.')).toBeVisible();
    await expect(rowOf(member.email)).toHaveCount(0);

    // The removed member's session has ended.
    const res = await fetch(`${baseURL}/api/team`, { headers: { authorization: `Bearer ${memberToken}` } });
    expect(res.status).toBe(401);
  });
});

async function signUpOrSignIn(baseURL: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const body = (await res.json()) as { success: boolean; message: string };
  if (!body.success) throw new Error(`sign-in failed: ${body.message}`);
  return body.message;
}

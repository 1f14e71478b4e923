import { test, expect, registerViaUi, loginViaUi, signUpViaApi, createTeamViaApi, useToken } from '../support/fixtures';

test.describe('the first vertical slice', () => {
  test('register, log in, create a team, watch sample emails arrive live, reload and see them again', async ({
    page,
    account,
    baseURL,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);

    await registerViaUi(page, account);
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await loginViaUi(page, account);
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Manage Members' }).click();
    await expect(page).toHaveURL(/\/admin\/team-members$/);
    await expect(page.getByRole('heading', { name: 'Team Members Management' })).toBeVisible();
    await page.getByTestId('team-name-input').fill('Support crew');
    await page.getByTestId('create-team-button').click();
    await expect(page.getByText('Team created successfully.')).toBeVisible();
    await expect(page.getByText('(You)')).toBeVisible();

    await page.goto('/admin');
    await page.getByRole('button', { name: 'Open Inbox' }).click();
    await expect(page).toHaveURL(/\/admin\/inbox$/);
    await expect(page.getByText('No emails found')).toBeVisible();
    await expect(page.getByTestId('realtime-status')).toHaveText(/Připojeno/);

    // Emails created by another client arrive over the socket, without a reload.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const res = await fetch(`${baseURL}/api/emails/sample`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBeLessThan(300);
    const rows = page.getByTestId('email-row');
    await expect(rows.first()).toBeVisible();
    const api = await fetch(`${baseURL}/api/emails?page=0&size=20&folder=inbox`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const pageOfEmails = (await api.json()) as { content: { subject: string }[]; totalElements: number };
    expect(pageOfEmails.totalElements).toBeGreaterThanOrEqual(5);
    await expect(rows).toHaveCount(pageOfEmails.totalElements);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // The newest email is at the top of the list.
    await expect(rows.first()).toContainText(pageOfEmails.content[0].subject);
    await expect(page.getByText('No emails found')).toHaveCount(0);

    await page.reload();
    await expect(rows).toHaveCount(pageOfEmails.totalElements);
    for (const email of pageOfEmails.content) {
      await expect(page.getByText(email.subject, { exact: true }).first()).toBeVisible();
    }
  });

  test('the inbox button loads sample emails and shows previews cut to 30 characters', async ({
    page,
    account,
    baseURL,
  }) => {
    const token = await signUpViaApi(baseURL!, account);
    await createTeamViaApi(baseURL!, token, 'Preview team');
    await useToken(page, token);
    await page.goto('/admin/inbox');
    await expect(page.getByText('No emails found')).toBeVisible();
    await page.getByTestId('load-sample-emails').click();
    const rows = page.getByTestId('email-row');
    await expect(rows.first()).toBeVisible();
    const api = await fetch(`${baseURL}/api/emails?page=0&size=20&folder=inbox`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const emails = ((await api.json()) as { content: { body: string; subject: string }[] }).content;
    const long = emails.find((e) => e.body.length > 30)!;
    await expect(page.getByText(`${long.body.slice(0, 30)}...`).first()).toBeVisible();
  });

  test('a second registration with the same email gets a clear message', async ({ page, account, baseURL }) => {
    await signUpViaApi(baseURL!, account);
    await page.goto('/register');
    await page.getByTestId('register-email').fill(account.email);
    await page.getByTestId('register-password').fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('An account with this email already exists.')).toBeVisible();
    await expect(page.getByText('Account Created Successfully!')).toHaveCount(0);
  });
});

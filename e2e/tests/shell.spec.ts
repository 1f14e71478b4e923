import { test, expect, signUpViaApi, useToken } from '../support/fixtures';

test.describe('the shell', () => {
  test('the home page shows the tagline, the selling points and the two calls to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(/secure and efficient inbox sharing for teams and businesses/i)).toBeVisible();
    for (const point of ['Shared Inbox', 'Secure', 'Fast and Efficient']) {
      await expect(page.getByText(point, { exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Enter your email address and password to access admin dashboard.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
    await expect(page.getByText("Don't have an account?")).toBeVisible();
  });

  test('anonymous visitors of /admin go to the home page', async ({ page }) => {
    await page.goto('/admin/inbox');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a wrong password shows the server message and keeps the user out', async ({ page, account, baseURL }) => {
    await signUpViaApi(baseURL!, account);
    await page.goto('/login');
    await page.getByTestId('login-email').fill(account.email);
    await page.getByTestId('login-password').fill('not the password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('register keeps Create Account disabled until the form is valid', async ({ page }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Create Account' });
    await expect(submit).toBeDisabled();
    await page.getByTestId('register-email').fill('someone@example.test');
    await page.getByTestId('register-password').fill('12345');
    await expect(submit).toBeDisabled();
    await page.getByTestId('register-password').fill('123456');
    await expect(submit).toBeEnabled();
    await page.getByTestId('register-email').fill('not-an-email');
    await expect(submit).toBeDisabled();
  });

  test('a stale token is dropped silently at start-up', async ({ page }) => {
    await useToken(page, 'not-a-valid-token');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('the theme switch toggles light and dark and is remembered', async ({ page, account, baseURL }) => {
    const token = await signUpViaApi(baseURL!, account);
    await useToken(page, token);
    await page.goto('/admin');
    const themeHref = () => page.evaluate(() => document.querySelector<HTMLLinkElement>('link#theme-link')?.href ?? '');
    const before = await themeHref();
    await page.getByTestId('theme-toggle').click();
    await expect.poll(themeHref).not.toBe(before);
    const after = await themeHref();
    await page.reload();
    await expect.poll(themeHref).toBe(after);
  });

  test('a remote that cannot be loaded shows a clear message while the shell keeps working', async ({
    page,
    account,
    baseURL,
  }) => {
    const token = await signUpViaApi(baseURL!, account);
    await useToken(page, token);
    // The settings remote is not deployed: the app answers its files as it does then (404), for this page only; the
    // other tests share the app.
    await page.route('**/remotes/settings/**', (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    );
    await page.goto('/admin/profile');
    await expect(page.getByTestId('remote-unavailable')).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Open Inbox' }).click();
    await expect(page).toHaveURL(/\/admin\/inbox$/);
    await expect(page.getByTestId('realtime-status')).toBeVisible();
  });

  test('a part whose code cannot be loaded any more fails in its place; the page keeps working', async ({
    page,
    account,
    baseURL,
  }) => {
    const token = await signUpViaApi(baseURL!, account);
    await useToken(page, token);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    // As after a deployment that replaced the files of the version this page runs: no more code can be fetched.
    await page.route('**/*.js', (route) => route.abort());
    await page.getByTestId('customizer-open').click();
    await expect(page.getByTestId('customizer-panel')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    // The set-password screen's code cannot be fetched either: the screen says so, in the frame that stays.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-change-password').click();
    await expect(page.getByTestId('remote-unavailable')).toContainText(
      'This part of the app is unavailable right now.',
    );
    await expect(page.getByTestId('customizer-open')).toBeVisible();
  });
});

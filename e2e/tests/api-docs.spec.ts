import { test, expect, signUpViaApi, newAccount } from '../support/fixtures';

test.describe('the API documentation page', () => {
  test('shows every area of the API from the OpenAPI document, under the product’s CSP, and calls the API', async ({
    page,
    baseURL,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/api/docs');
    await expect(page).toHaveURL(/\/api\/docs\/$/);
    await expect(page.getByRole('heading', { name: /Team inbox API/ })).toBeVisible();
    // Operations of several areas, rendered from /api/docs/openapi.json.
    await expect(page.locator('.opblock-summary-path[data-path="/api/register"]')).toBeVisible();
    await expect(page.locator('.opblock-summary-path[data-path="/api/emails/{id}/assign"]')).toBeVisible();
    await expect(page.locator('.opblock-summary-path[data-path="/metrics"]')).toBeVisible();

    // "Authorize" with a real token, then "Try it out" on GET /api/loggedInUser answers the signed-in user.
    const account = newAccount('docs');
    const token = await signUpViaApi(baseURL!, account);
    await page
      .getByRole('button', { name: /Authorize/ })
      .first()
      .click();
    await page.locator('.auth-container input').first().fill(token);
    await page.getByRole('button', { name: 'Apply credentials' }).click();
    await page.locator('.auth-btn-wrapper').getByRole('button', { name: 'Close' }).click();
    const operation = page.locator('.opblock', { has: page.locator('[data-path="/api/loggedInUser"]') });
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    await expect(operation.locator('.live-responses-table tr.response .response-col_status')).toContainText('200');
    await expect(operation.locator('.live-responses-table')).toContainText(account.email);

    expect(errors).toEqual([]);
  });
});

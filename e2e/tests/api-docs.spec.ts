import type { Locator, Page } from '@playwright/test';
import { test, expect, signUpViaApi, newAccount } from '../support/fixtures';

/**
 * Swagger UI renders a long list of operations virtually: only those near the viewport are in the page. Scrolls down
 * until the operation is rendered, then shows it.
 */
async function scrollTo(page: Page, operation: Locator): Promise<void> {
  await page.mouse.move(640, 400);
  for (let step = 0; step < 200 && (await operation.count()) === 0; step += 1) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  await operation.first().scrollIntoViewIfNeeded();
}

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
    await expect(page.locator('.opblock-summary-path[data-path="/metrics"]')).toBeVisible();
    await expect(page.locator('.opblock-summary-path[data-path="/api/register"]')).toBeVisible();
    const assign = page.locator('.opblock-summary-path[data-path="/api/emails/{id}/assign"]');
    await scrollTo(page, assign);
    await expect(assign).toBeVisible();
    const audit = page.locator('.opblock-summary-path[data-path="/api/team/audit"]');
    await scrollTo(page, audit);
    await expect(audit).toBeVisible();
    await page.mouse.wheel(0, -1_000_000);

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
    await scrollTo(page, operation);
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    await expect(operation.locator('.live-responses-table tr.response .response-col_status')).toContainText('200');
    await expect(operation.locator('.live-responses-table')).toContainText(account.email);

    expect(errors).toEqual([]);
  });
});

import type { Page } from '@playwright/test';
import type { UserPreferences } from '@teaminbox/contracts';
import { api, createTeamViaApi, expect, newAccount, signUpViaApi, test, useToken } from '../support/fixtures';

/** 30 sample emails (five batches of six): the first page holds 20, more than a screen. */
const SAMPLE_BATCHES = 5;
const PAGE_SIZE = 20;

/** The rows wholly inside the window and inside every scrolling box around them, as the page first shows them. */
function fullyVisibleRows(page: Page): Promise<number> {
  return page.getByTestId('email-row').evaluateAll((rows) => {
    const inside = (row: Element) => {
      const box = row.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight || box.height === 0) return false;
      for (let parent = row.parentElement; parent; parent = parent.parentElement) {
        const { overflowY } = getComputedStyle(parent);
        if (overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        if (box.top < clip.top || box.bottom > clip.bottom) return false;
      }
      return true;
    };
    return rows.filter(inside).length;
  });
}

/** A team with 30 sample emails, signed in on the inbox; returns the token. */
async function inboxWithThirtyEmails(page: Page, baseURL: string, prefix: string): Promise<string> {
  const token = await signUpViaApi(baseURL, newAccount(prefix));
  await createTeamViaApi(baseURL, token, `${prefix} crew`);
  // Each batch repeats the same sample emails: they stay separate conversations (no joining by subject), so the
  // lists show one row per sample email in both views and no batch reopens the one before.
  await api(baseURL, token, 'PUT', '/conversation-settings', { joinRepliesBySubject: false });
  for (let i = 0; i < SAMPLE_BATCHES; i += 1) await api(baseURL, token, 'POST', '/emails/sample');
  await useToken(page, token);
  await page.goto('/admin/inbox');
  await expect(page.getByTestId('email-row')).toHaveCount(PAGE_SIZE);
  return token;
}

test.describe('the inbox list at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('comfortable shows 9 rows and more, compact 12 and more; the choice is kept in the preferences', async ({
    page,
    baseURL,
  }) => {
    const token = await inboxWithThirtyEmails(page, baseURL!, 'density');
    const table = page.getByTestId('email-table');
    const density = page.getByTestId('list-density');

    await expect(table).toHaveClass(/inbox-density-comfortable/);
    await expect(density.getByRole('button', { name: 'Comfortable' })).toHaveAttribute('aria-pressed', 'true');
    expect(await fullyVisibleRows(page)).toBeGreaterThanOrEqual(9);

    await density.getByRole('button', { name: 'Compact' }).click();
    await expect(table).toHaveClass(/inbox-density-compact/);
    expect(await fullyVisibleRows(page)).toBeGreaterThanOrEqual(12);
    await expect
      .poll(async () => (await api<UserPreferences>(baseURL!, token, 'GET', '/user/preferences')).listDensity)
      .toBe('compact');

    // Another browser of the same person (nothing kept locally) opens the list compact too.
    await page.evaluate(() => localStorage.removeItem('inboxListDensity'));
    await page.reload();
    await expect(page.getByTestId('email-row')).toHaveCount(PAGE_SIZE);
    await expect(table).toHaveClass(/inbox-density-compact/);
    await expect(density.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');
    expect(await fullyVisibleRows(page)).toBeGreaterThanOrEqual(12);
  });

  test("a row's assign and label actions are icon buttons reached with Tab and opened with Enter or Space", async ({
    page,
    baseURL,
  }) => {
    await inboxWithThirtyEmails(page, baseURL!, 'density-keys');
    const row = page.getByTestId('email-row').first();
    const assign = row.getByRole('button', { name: 'Assignee' });
    const actions = row.getByRole('button', { name: 'Actions' });
    await expect(assign).toHaveText('');
    await expect(actions).toHaveText('');

    // From the row's star, Tab reaches the assign button; Enter opens its menu.
    await row.getByTestId('row-star').focus();
    await page.keyboard.press('Tab');
    await expect(assign).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = page.getByTestId('row-assign-menu');
    await expect(menu.getByRole('menuitem', { name: "I'll take it" })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);

    // The actions button next: Space opens 'Choose Label'.
    await actions.focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('row-label-menu')).toContainText('Choose Label');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('row-label-menu')).toHaveCount(0);
  });
});

import type { Locator, Page } from '@playwright/test';
import { api, createTeamViaApi, expect, newAccount, signUpViaApi, test, useToken } from '../support/fixtures';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
}

/** A setting of the customizer panel, by its group and its choice's words. */
async function choose(page: Page, group: string, choice: string) {
  await page.getByTestId(`customizer-${group}`).getByRole('button', { name: choice, exact: true }).click();
}

async function openCustomizer(page: Page) {
  await page.getByRole('button', { name: 'Customizer' }).click();
  await expect(page.getByTestId('customizer-panel')).toBeVisible();
}

async function closeCustomizer(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('customizer-panel')).toHaveCount(0);
}

test.describe('the customizer', () => {
  test('right to left, horizontal, mini sidebar, boxed, borders and a colour theme keep the inbox usable; kept per user', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const token = await signUpViaApi(baseURL!, newAccount('custom'));
    await createTeamViaApi(baseURL!, token, 'Layout crew');
    await api(baseURL!, token, 'POST', '/emails/sample');
    const otherToken = await signUpViaApi(baseURL!, newAccount('other'));
    await useToken(page, token);
    await page.goto('/admin/inbox');
    const rows = page.getByTestId('email-row');
    await expect(rows.first()).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'admin' });
    const main = page.locator('main');
    const html = page.locator('html');

    // Right to left: the document's direction, the menu on the right of the page.
    await openCustomizer(page);
    await choose(page, 'direction', 'RTL');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await closeCustomizer(page);
    const [navRtl, mainRtl] = [await box(nav), await box(main)];
    expect(navRtl.x).toBeGreaterThanOrEqual(mainRtl.x + mainRtl.width - 1);
    const subjectRtl = await box(rows.first().locator('td').nth(3));
    const senderRtl = await box(rows.first().locator('td').nth(2));
    expect(senderRtl.x).toBeGreaterThan(subjectRtl.x);
    await testInfo.attach('inbox right to left', { body: await page.screenshot(), contentType: 'image/png' });
    // Still usable: the row menus (overlays over the page) work and a row opens its email.
    await rows.first().getByTestId('row-assign').hover();
    await page.getByTestId('row-assign-menu').getByRole('menuitem', { name: "I'll take it" }).click();
    await expect(page.getByText('Email assigned to you')).toBeVisible();
    const subject = (await rows.first().getByTestId('email-subject').textContent())!.trim();
    await rows.first().getByTestId('email-subject').click();
    await expect(page.getByTestId('email-detail-subject')).toHaveText(subject);
    await page.goBack();
    await expect(rows.first()).toBeVisible();

    // Horizontal: the menu is a bar above the page, its links in a row.
    await openCustomizer(page);
    await choose(page, 'layout', 'Horizontal');
    await expect(html).toHaveAttribute('data-layout', 'horizontal');
    await closeCustomizer(page);
    const [navBar, mainBelow] = [await box(nav), await box(main)];
    expect(navBar.y + navBar.height).toBeLessThanOrEqual(mainBelow.y + 1);
    expect(navBar.width).toBeGreaterThan(mainBelow.width * 0.9);
    const links = nav.getByRole('link');
    expect(Math.abs((await box(links.first())).y - (await box(links.nth(3))).y)).toBeLessThan(4);
    await testInfo.attach('inbox horizontal, right to left', {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await rows.nth(1).getByTestId('email-subject').click();
    await expect(page).toHaveURL(/\/admin\/email-detail\//);
    await page.goBack();
    await expect(rows.first()).toBeVisible();

    // Back to vertical and left to right, with a mini sidebar: icons only, each link still named.
    await openCustomizer(page);
    await choose(page, 'layout', 'Vertical');
    await choose(page, 'direction', 'LTR');
    await choose(page, 'sidebar', 'Mini');
    await closeCustomizer(page);
    await expect(html).toHaveAttribute('dir', 'ltr');
    const [navMini, mainMini] = [await box(nav), await box(main)];
    expect(navMini.width).toBeLessThan(90);
    expect(navMini.x + navMini.width).toBeLessThanOrEqual(mainMini.x + 1);
    await nav.getByRole('link', { name: 'Email Labels' }).click();
    await expect(page.getByRole('heading', { name: 'Email Labels' })).toBeVisible();

    // Boxed container, card borders and the teal theme reach the remote's screen.
    await openCustomizer(page);
    await choose(page, 'container', 'Boxed');
    await choose(page, 'card', 'Border');
    await choose(page, 'color', 'Teal');
    await closeCustomizer(page);
    const card = page.locator('.p-card').first();
    await expect(card).toHaveCSS('box-shadow', 'none');
    await expect(card).toHaveCSS('border-top-width', '1px');
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary-color')))
      .toMatch(/#0f766e/i); // teal, darkened to its 700 shade for contrast (tools/web/rspack-base.ts)
    const layout = await box(page.locator('.admin-layout'));
    expect(layout.width).toBeLessThanOrEqual(1280);

    // Kept for this user across a reload; another user on this browser has the defaults.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Email Labels' })).toBeVisible();
    await expect(html).toHaveAttribute('data-sidebar', 'mini');
    await expect(html).toHaveAttribute('data-container', 'boxed');
    await useToken(page, otherToken);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(html).toHaveAttribute('data-sidebar', 'full');
    await expect(html).toHaveAttribute('data-container', 'full');
    expect((await box(nav)).width).toBeGreaterThan(150);
  });

  test('is named Přizpůsobit in Czech', async ({ page, baseURL }) => {
    const token = await signUpViaApi(baseURL!, newAccount('prizpusobit'));
    await useToken(page, token);
    await page.evaluate(() => localStorage.setItem('language', 'cs'));
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Přizpůsobit' }).click();
    await expect(page.getByTestId('customizer-panel').getByText('Barevný motiv')).toBeVisible();
  });
});

import type { Locator, Page } from '@playwright/test';
import type { CurrentUser, Email, Page as EmailPage } from '@teaminbox/contracts';
import { api, createTeamViaApi, expect, newAccount, signUpViaApi, test, useToken } from '../support/fixtures';

/** Desktop, a small laptop or tablet, a phone. */
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];
const THEMES = ['light', 'dark'] as const;

async function teamWithSamples(baseURL: string, prefix: string) {
  const token = await signUpViaApi(baseURL, newAccount(prefix));
  await createTeamViaApi(baseURL, token, `${prefix} crew`);
  await api(baseURL, token, 'POST', '/emails/sample');
  await api(baseURL, token, 'POST', '/email-labels/initialize');
  const me = await api<CurrentUser>(baseURL, token, 'GET', '/loggedInUser');
  const emails = (await api<EmailPage<Email>>(baseURL, token, 'GET', '/emails')).content;
  return { token, me, emails };
}

/** The page never scrolls sideways. */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** An overlay people can read: an opaque surface with a border or a shadow, inside the viewport. */
async function expectVisibleSurface(page: Page, overlay: Locator) {
  await expect(overlay).toBeVisible();
  // Measured where it comes to rest, once it has slid or faded in.
  await overlay.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        // A transition cut short by the next one rejects its promise: the next one is waited for.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const look = await overlay.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, border: style.borderTopWidth, shadow: style.boxShadow };
  });
  expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(look.background).not.toBe('transparent');
  expect(look.border !== '0px' || look.shadow !== 'none').toBe(true);
  const box = (await overlay.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
}

/** The theme of the next screens, remembered as the switch does. */
async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

test.describe('the screens at three viewports and in both themes', () => {
  test('the inbox: columns, one-line subjects, row menus and the quick search as real overlays, Esc closes', async ({
    page,
    baseURL,
    a11y,
  }) => {
    test.setTimeout(120_000);
    const { token, emails } = await teamWithSamples(baseURL!, 'views');
    const longest = [...emails].sort((a, b) => b.subject.length - a.subject.length)[0];
    await useToken(page, token);
    await page.goto('/admin/inbox');
    for (const theme of THEMES) {
      await useTheme(page, theme);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await expect(page.getByTestId('email-row')).toHaveCount(emails.length);
        await expectNoHorizontalScroll(page);
        // A long subject stays on one line, cut with an ellipsis, the whole of it on hover.
        const subject = page
          .getByTestId('email-row')
          .filter({ hasText: longest.subject.slice(0, 20) })
          .getByTestId('email-subject');
        await expect(subject).toHaveAttribute('title', longest.subject);
        expect(await subject.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
        if (viewport.width > 640) {
          // The subject column is the widest; the date column is narrow.
          const width = (name: string) =>
            page
              .getByTestId('email-table')
              .locator('thead th', { hasText: name })
              .evaluate((el) => el.clientWidth);
          expect(await width('Subject')).toBeGreaterThan(await width('Sender'));
          expect(await width('Date')).toBeLessThan(await width('Sender'));
        }

        const row = page.getByTestId('email-row').first();
        await row.getByTestId('row-assign').getByRole('button').click();
        await expectVisibleSurface(page, page.getByTestId('row-assign-menu'));
        await a11y.checkNow(page);
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('row-assign-menu')).toHaveCount(0);

        await page.getByTestId('quick-search').fill(longest.subject.split(' ')[0]);
        await expectVisibleSurface(page, page.getByTestId('quick-search-results'));
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('quick-search-results')).toHaveCount(0);
        await page.getByTestId('quick-search').fill('');

        // The side menu: on a phone a panel opened from the header, elsewhere beside the page.
        const menu = page.getByRole('navigation', { name: 'admin' });
        if (viewport.width < 768) {
          // Closed until the header's button opens it; a panel with a surface over the page; Esc closes it.
          await expect(menu).toBeHidden();
          await page.getByTestId('menu-toggle').click();
          await expectVisibleSurface(page, page.getByTestId('phone-menu'));
          await expect(menu.getByRole('link', { name: 'My Tasks' })).toBeVisible();
          await a11y.checkNow(page);
          await page.keyboard.press('Escape');
          await expect(menu).toBeHidden();
          await expect(page.getByTestId('menu-toggle')).toBeFocused();
        } else {
          await expect(menu.getByRole('link', { name: 'My Tasks' })).toBeVisible();
        }
      }
      await a11y.checkNow(page);
    }
  });

  test('the email detail: readable, its dropdown overlay has a surface and closes with Esc', async ({
    page,
    baseURL,
    a11y,
  }) => {
    test.setTimeout(120_000);
    const { token, emails } = await teamWithSamples(baseURL!, 'detailviews');
    await useToken(page, token);
    await page.goto(`/admin/email-detail/${emails[0].id}`);
    for (const theme of THEMES) {
      await useTheme(page, theme);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await expect(page.getByTestId('email-detail-subject')).toHaveText(emails[0].subject);
        await expectNoHorizontalScroll(page);
        await page.getByTestId('label-select').click();
        await expectVisibleSurface(page, page.locator('.p-dropdown-panel'));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('listbox')).toHaveCount(0);
        await page.getByTestId('reply-body').scrollIntoViewIfNeeded();
        await expect(page.getByTestId('reply-body')).toBeInViewport();
      }
      await a11y.checkNow(page);
    }
  });

  test('My Tasks: the list, the filter overlay and the detail pane', async ({ page, baseURL, a11y }) => {
    test.setTimeout(120_000);
    const { token, me, emails } = await teamWithSamples(baseURL!, 'taskviews');
    for (const email of emails.slice(0, 3)) {
      await api(baseURL!, token, 'PUT', `/emails/${email.id}/assign`, { assignedTo: me.id });
    }
    await useToken(page, token);
    await page.goto('/admin/my-tasks');
    for (const theme of THEMES) {
      await useTheme(page, theme);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await expect(page.getByTestId('task-item')).toHaveCount(3);
        await expectNoHorizontalScroll(page);
        await page.getByTestId('task-status').click();
        await expectVisibleSurface(page, page.locator('.p-dropdown-panel'));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('listbox')).toHaveCount(0);
        await page.getByTestId('task-item').first().click();
        await expect(page.getByTestId('task-meta')).toBeVisible();
      }
      await a11y.checkNow(page);
    }
  });
});

test.describe('keyboard and language', () => {
  test('the inbox by keyboard: j/k, ? and /, a, l, e, #, Enter, o and r', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const { token, emails } = await teamWithSamples(baseURL!, 'keys');
    await useToken(page, token);
    await page.goto('/admin/inbox');
    const rows = page.getByTestId('email-row');
    await expect(rows).toHaveCount(emails.length);

    await page.keyboard.press('j');
    await expect(rows.nth(0)).toBeFocused();
    await expect(rows.nth(0)).toHaveClass(/inbox-row-cursor/);
    expect(await rows.nth(0).evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('j');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('k');
    await expect(rows.nth(0)).toBeFocused();

    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
    await page.keyboard.press('/');
    await expect(page.getByTestId('quick-search')).toBeFocused();
    await page.getByTestId('quick-search').blur();

    await page.keyboard.press('j');
    await page.keyboard.press('a');
    await expect(page.getByText('Email assigned to you')).toBeVisible();
    await page.keyboard.press('l');
    await expect(page.getByTestId('row-label-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('row-label-menu')).toHaveCount(0);

    // e archives the current row, # (Shift+3) marks the next current one as spam.
    const current = page.locator('[data-testid="email-row"].inbox-row-cursor');
    await current.focus();
    const archived = (await current.getByTestId('email-subject').textContent())!;
    await page.keyboard.press('e');
    await expect(rows).toHaveCount(emails.length - 1);
    await expect(page.getByTestId('email-subject').filter({ hasText: archived })).toHaveCount(0);
    await rows.nth(0).focus();
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await page.keyboard.press('Shift+3');
    await expect(rows).toHaveCount(emails.length - 2);

    await page.keyboard.press('j');
    const opened = (await rows.nth(0).getByTestId('email-subject').textContent())!;
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('email-detail-subject')).toHaveText(opened);
    await page.keyboard.press('r');
    await expect(page.getByTestId('reply-body')).toBeFocused();
    await page.goBack();
    await expect(rows.first()).toBeVisible();
    await page.keyboard.press('j');
    await page.keyboard.press('o');
    await expect(page.getByTestId('email-detail')).toBeVisible();
    await page.goBack();
    await page.keyboard.press('j');
    await page.keyboard.press('r');
    await expect(page.getByTestId('reply-body')).toBeFocused();
  });

  test('lang and PrimeReact follow the chosen language; an unknown admin path is a not-found page in the shell', async ({
    page,
    baseURL,
  }) => {
    const { token, emails } = await teamWithSamples(baseURL!, 'lang');
    await useToken(page, token);
    await page.goto('/admin/inbox');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // PrimeReact's own texts (here the table's check boxes) follow the language, from its locale.
    const table = page.getByTestId('email-table');
    const selectAll = table.locator('thead .p-checkbox');
    const rowBox = (label: string) => table.getByRole('checkbox', { name: `${label} ${emails[0].subject}` });
    await expect(selectAll).toHaveAttribute('aria-label', 'All items unselected');
    await expect(rowBox('Row Selected')).toHaveCount(1);
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
    await expect(selectAll).toHaveAttribute('aria-label', 'Všechny položky zrušeny');
    await expect(rowBox('Vybrat řádek')).toHaveCount(1);
    // A Czech user's next visit starts in Czech (the Czech texts are loaded before the first screen).
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
    await expect(page.getByRole('link', { name: 'Moje úkoly' })).toBeVisible();
    await expect(rowBox('Vybrat řádek')).toHaveCount(1);
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(selectAll).toHaveAttribute('aria-label', 'All items unselected');

    await page.goto('/admin/no-such-screen');
    await expect(page).toHaveURL(/\/admin\/no-such-screen$/);
    await expect(page.getByTestId('not-found')).toContainText('Page not found');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.getByRole('button', { name: 'Back to the dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });

  test('the shell and the inbox remote go out compressed; hashed files are cached for a year', async ({ baseURL }) => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const main = /src="(\/main\.[0-9a-f]+\.js)"/.exec(html)?.[1];
    expect(main).toBeTruthy();
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${baseURL}${main}`, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('cache-control')).toContain('immutable');
    }
    const manifest = await fetch(`${baseURL}/remotes/inbox/mf-manifest.json`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-encoding')).toBe('gzip');
  });
});

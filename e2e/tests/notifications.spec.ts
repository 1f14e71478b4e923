import type { Email, NotificationSettings, Page as EmailPage } from '@teaminbox/contracts';
import { api, expect, test, useToken } from '../support/fixtures';
import { adminWithTeam, teamOfTwo } from '../support/teams';
import { savePhoto } from '../support/images';

test.describe('notifications', () => {
  test('A assigns an email to B and mentions B: B sees both live on the notifications screen and opens the email', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { bob, aliceToken, bobToken } = await teamOfTwo(baseURL!, 'Notified team');

    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    await useToken(bobPage, bobToken);
    await bobPage.goto('/admin/notifications');
    await expect(bobPage.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(bobPage.getByTestId('notifications-empty')).toHaveText('Žádné notifikace');

    await api(baseURL!, aliceToken, 'POST', '/emails/sample');
    const emails = (await api<EmailPage<Email>>(baseURL!, aliceToken, 'GET', '/emails')).content;
    const email = emails[0];
    // The new emails arrive live: one EMAIL_RECEIVED per email, on top, unread, 'Právě teď'.
    await expect(bobPage.getByTestId('notification-item')).toHaveCount(emails.length);
    await expect(bobPage.getByTestId('notification-item').first()).toHaveAttribute('data-read', 'false');
    await expect(bobPage.getByTestId('notification-time').first()).toHaveText('Právě teď');

    // Alice assigns the email to Bob in her inbox screen.
    await useToken(page, aliceToken);
    await page.goto(`/admin/email-detail/${email.id}`);
    await expect(page.getByTestId('email-detail-subject')).toHaveText(email.subject);
    await api(baseURL!, aliceToken, 'PUT', `/emails/${email.id}/assign`, {
      assignedTo: await idOf(baseURL!, bobToken),
    });
    const assigned = bobPage.locator('[data-testid="notification-item"][data-type="TASK_ASSIGNED"]');
    await expect(assigned).toHaveCount(1);
    await expect(assigned.getByTestId('notification-message')).toHaveText(`You were assigned: ${email.subject}`);
    await expect(assigned.getByTestId('notification-icon')).toHaveClass(/pi-check-square/);
    await expect(bobPage.getByTestId('notification-item').first()).toHaveAttribute('data-type', 'TASK_ASSIGNED');

    // An @mention of Bob in a comment notifies him.
    const input = page.getByTestId('comment-input');
    await input.click();
    await input.fill(`@${bob.email} please call the customer`);
    await page.getByRole('button', { name: 'Add comment' }).click();
    const mentioned = bobPage.locator('[data-testid="notification-item"][data-type="COMMENT_ADDED"]');
    await expect(mentioned).toHaveCount(1);
    await expect(mentioned.getByTestId('notification-message')).toHaveText(`New comment on ${email.subject}`);

    // One read, then all, with the spec's notice.
    await mentioned.getByRole('button', { name: 'Označit jako přečtené' }).click();
    await expect(mentioned).toHaveAttribute('data-read', 'true');
    await bobPage.getByTestId('notifications-mark-all').click();
    await expect(bobPage.getByText('Všechny notifikace označeny jako přečtené')).toBeVisible();
    await expect(bobPage.locator('[data-testid="notification-item"][data-read="false"]')).toHaveCount(0);
    expect(await api<number>(baseURL!, bobToken, 'GET', '/notifications/unread-count')).toBe(0);

    // The assignment opens the email.
    await assigned.getByTestId('notification-message').click();
    await expect(bobPage).toHaveURL(new RegExp(`/admin/email-detail/${email.id}$`));
    await expect(bobPage.getByTestId('email-detail-subject')).toHaveText(email.subject);
    await bobContext.close();
  });

  test('the settings screen saves and reloads every field, Slack URL only when Slack is on', async ({
    page,
    baseURL,
  }) => {
    const { token } = await adminWithTeam(baseURL!, 'settings', 'Settings team');
    await useToken(page, token);
    await page.goto('/admin/notification-settings');
    await expect(page.getByRole('heading', { name: 'Notification settings' })).toBeVisible();
    await expect(page.getByText('I am on vacation (do not auto-assign e-mails to me)')).toBeVisible();
    await expect(page.getByTestId('settings-slack-webhook')).toHaveCount(0);

    const toggle = (id: string) => page.locator(`[data-testid="${id}"] input`).click();
    await toggle('settings-use-threads');
    await toggle('settings-share-comments');
    await toggle('settings-email');
    await toggle('settings-push');
    await toggle('settings-slack');
    await page.getByTestId('settings-slack-webhook').fill('https://hooks.slack.com/services/T1/B2/abc');
    await toggle('settings-EMAIL_RECEIVED-slack');
    await toggle('settings-TASK_ASSIGNED-email');
    await toggle('settings-COMMENT_ADDED-enabled');
    await expect(page.getByTestId('settings-COMMENT_ADDED-message')).toHaveCount(0);
    await expect(page.getByTestId('settings-EMAIL_RECEIVED-message')).toHaveAttribute(
      'placeholder',
      'New e-mail from {sender}: {subject}',
    );
    await page.getByTestId('settings-EMAIL_RECEIVED-message').fill('{sender}: {subject}');
    await page.getByTestId('settings-signature').fill('<p>Best regards</p>');
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await page.locator('[data-testid="settings-vacation"] input').click();
    await page.getByTestId('settings-save-availability').click();
    await expect(page.getByText('Availability saved')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('settings-signature')).toHaveValue('<p>Best regards</p>');
    // Each switch is one control: its input carries the role and the state (settings and availability load apart).
    const expectSwitch = (id: string, checked: boolean) =>
      expect(page.getByTestId(id).getByRole('switch')).toBeChecked({ checked });
    await expectSwitch('settings-vacation', true);
    await expectSwitch('settings-use-threads', false);
    await expectSwitch('settings-share-comments', false);
    await expectSwitch('settings-email', false);
    await expectSwitch('settings-push', false);
    await expectSwitch('settings-slack', true);
    await expectSwitch('settings-EMAIL_RECEIVED-slack', true);
    await expectSwitch('settings-TASK_ASSIGNED-email', false);
    await expectSwitch('settings-COMMENT_ADDED-enabled', false);
    await expect(page.getByTestId('settings-slack-webhook')).toHaveValue('https://hooks.slack.com/services/T1/B2/abc');
    await expect(page.getByTestId('settings-EMAIL_RECEIVED-message')).toHaveValue('{sender}: {subject}');
    const stored = await api<NotificationSettings>(baseURL!, token, 'GET', '/notification-settings');
    expect(stored).toMatchObject({
      useThreads: false,
      slackNotificationsEnabled: true,
      notificationTypes: { COMMENT_ADDED: { enabled: false }, TASK_ASSIGNED: { emailEnabled: false } },
    });

    // Reset to defaults, saved: the defaults come back after a reload.
    await page.getByTestId('settings-reset').click();
    await expect(page.getByTestId('settings-slack-webhook')).toHaveCount(0);
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('Ukládám...')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('settings-signature')).toHaveValue('');
    await expectSwitch('settings-use-threads', true);
  });

  test('with permission granted, Chromium registers the service worker and shows a browser notification', async ({
    browser,
    baseURL,
  }) => {
    const { token } = await adminWithTeam(baseURL!, 'browser', 'Browser team');
    const context = await browser.newContext({ permissions: ['notifications'] });
    const page = await context.newPage();
    await useToken(page, token);
    await page.goto('/admin/notifications');
    await expect(page.getByTestId('notifications-empty')).toBeVisible();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL}/`);
    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(script).toBe(`${baseURL}/notification-sw.js`);

    await page.getByTestId('notifications-enable-browser').click();
    await expect(page.getByText('Prohlížečové notifikace povoleny')).toBeVisible();

    await api(baseURL!, token, 'POST', '/emails/sample');
    await expect(page.getByTestId('notification-item').first()).toBeVisible();
    await expect
      .poll(async () =>
        page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title)),
      )
      .toContain('New e-mail');
    await context.close();
  });

  test('a member’s new photo appears in another member’s members list and team activity without a reload', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { alice, aliceToken, bobToken } = await teamOfTwo(baseURL!, 'Photo watchers', {
      alice: 'alicephoto',
      bob: 'bobphoto',
    });

    // Bob watches the members list in one tab and the team's activity in another.
    await useToken(page, bobToken);
    await page.goto('/admin/team-members');
    const aliceRow = page.locator(`[data-testid="member-row"][data-email="${alice.email}"]`);
    const aliceAvatar = aliceRow.getByTestId('person-avatar');
    await expect(aliceAvatar).toHaveAttribute('data-photo', 'no');
    const activity = await page.context().newPage();
    await activity.goto('/admin/activity');
    const aliceActivityAvatar = activity
      .getByTestId('activity-entry')
      .filter({ hasText: alice.email })
      .first()
      .getByTestId('person-avatar');
    await expect(aliceActivityAvatar).toHaveAttribute('data-photo', 'no');

    // Alice uploads a photo from her own screen.
    const aliceContext = await browser.newContext();
    const alicePage = await aliceContext.newPage();
    await useToken(alicePage, aliceToken);
    await alicePage.goto('/admin/profile');
    await savePhoto(alicePage, 'alice.png', '#c0392b');
    await expect(alicePage.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /^blob:/);

    // Both of Bob's screens show it, loaded from the server, without a reload.
    for (const avatar of [aliceAvatar, aliceActivityAvatar]) {
      await expect(avatar).toHaveAttribute('data-photo', 'yes');
      await expect(avatar.locator('img')).toHaveAttribute('src', /^blob:/);
    }
    const shown = await aliceAvatar.locator('img').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    });
    expect(shown).toEqual({ width: 256, height: 256 });
    await aliceContext.close();
  });

  test('a profile photo upload shows the new avatar; the view mode and vacation are saved', async ({
    page,
    baseURL,
  }) => {
    const { account, token } = await adminWithTeam(baseURL!, 'photo', 'Photo team');
    await useToken(page, token);
    await page.goto('/admin/profile');
    await expect(page.getByTestId('profile-email')).toHaveText(account.email);
    await expect(page.getByTestId('profile-avatar').locator('img')).toHaveCount(0);
    await expect(page.getByText('Square image, at least 128x128 px')).toBeVisible();

    await savePhoto(page, 'me.png', '#2a7ae2');
    const notice = page.getByTestId('notice').filter({ hasText: 'Profilová fotografie byla aktualizována' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Zavřít' }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /^blob:/);

    await page.getByTestId('profile-photo-file').setInputFiles({
      name: 'evil.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await page.getByTestId('profile-photo-save').click();
    await expect(page.getByTestId('notice').filter({ hasText: 'Nahrání fotografie selhalo' })).toBeVisible();

    await page.getByText('Timeline').click();
    await expect
      .poll(
        async () =>
          (await api<{ emailDetailViewMode: string }>(baseURL!, token, 'GET', '/user/preferences')).emailDetailViewMode,
      )
      .toBe('timeline');
    await page.locator('[data-testid="profile-vacation"] input').click();
    await expect
      .poll(async () => (await api<{ onVacation: boolean }>(baseURL!, token, 'GET', '/user/preferences')).onVacation)
      .toBe(true);
    await page.reload();
    await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /^blob:/);
  });
});

async function idOf(baseURL: string, token: string): Promise<string> {
  return (await api<{ id: string }>(baseURL, token, 'GET', '/loggedInUser')).id;
}

import type { Page as BrowserPage } from '@playwright/test';
import type { Email, Page as EmailPage, TeamActivityEntry } from '@teaminbox/contracts';
import { api, expect, test, useToken } from '../support/fixtures';
import { adminWithTeam, teamOfTwo } from '../support/teams';

/** A team of two (Alice, the admin, and Bob) with the sample emails. */
async function teamOfTwoWithSamples(baseURL: string, name: string) {
  const { alice, bob, aliceToken, bobToken } = await teamOfTwo(baseURL, name);
  await api(baseURL, aliceToken, 'POST', '/emails/sample');
  const emails = (await api<EmailPage<Email>>(baseURL, aliceToken, 'GET', '/emails')).content;
  return { alice, bob, aliceToken, bobToken, emails };
}

/** The notice with this text: shown, closed by its own time, or by its 'Close' action. */
function notice(page: BrowserPage, text: string) {
  return page.getByTestId('notice').filter({ hasText: text });
}

async function expectNoticeGoesByItself(page: BrowserPage, text: string) {
  await expect(notice(page, text)).toBeVisible();
  await expect(notice(page, text)).toHaveCount(0, { timeout: 8_000 });
}

test.describe('the Email Labels screen', () => {
  test('creates, previews, initializes and deletes labels with the spec’s texts and notices; another member’s inbox follows live', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { aliceToken, bobToken } = await teamOfTwoWithSamples(baseURL!, 'Labels crew');

    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    await useToken(bobPage, bobToken);
    await bobPage.goto('/admin/inbox');
    await expect(bobPage.getByTestId('email-row').first()).toBeVisible();

    await useToken(page, aliceToken);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'admin' }).getByRole('link', { name: 'Email Labels' }).click();
    await expect(page).toHaveURL(/\/admin\/email-labels$/);
    await expect(page.getByRole('heading', { name: 'Email Labels' })).toBeVisible();
    await expect(
      page.getByText('No labels found. Create your first label or initialize default labels.'),
    ).toBeVisible();
    await expect(page.getByText('Create New Label')).toBeVisible();
    const name = page.getByLabel('Label Name');
    await expect(name).toHaveAttribute('placeholder', 'Enter label name');

    // A blank name is not sent: its notice, closed with 'Close' before its time.
    await name.fill('   ');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(notice(page, 'Please enter a label name')).toBeVisible();
    await notice(page, 'Please enter a label name').getByRole('button', { name: 'Close' }).click();
    await expect(notice(page, 'Please enter a label name')).toHaveCount(0);

    // The live preview while a name is typed, in the chosen colour and background.
    await expect(page.getByText('Preview:')).toHaveCount(0);
    await name.fill('Partner');
    await page.getByTestId('label-color-select').click();
    await page.getByRole('option', { name: 'Success' }).click();
    await page.getByRole('button', { name: 'Solid Background' }).click();
    await expect(page.getByText('Preview:')).toBeVisible();
    const preview = page.getByTestId('label-preview-tag');
    await expect(preview).toHaveText('Partner');
    await expect(preview).toHaveAttribute('data-color', 'success');
    await expect(preview).toHaveAttribute('data-background', 'solid');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectNoticeGoesByItself(page, 'Label created successfully');
    await expect(page.getByTestId('your-labels').getByTestId('label-item')).toHaveText(['Partner']);
    await expect(name).toHaveValue('');

    // Bob's open inbox has the new label in its filter and its row menu, without a reload.
    await bobPage.getByTestId('filter-label').click();
    await expect(bobPage.getByRole('option', { name: 'Partner' })).toBeVisible();
    await bobPage.keyboard.press('Escape');
    await bobPage.getByTestId('email-row').first().getByTestId('row-label').hover();
    await expect(bobPage.getByTestId('row-label-menu').getByRole('menuitem', { name: 'Partner' })).toBeVisible();
    await bobPage.getByTestId('row-label-menu').getByRole('menuitem', { name: 'Partner' }).click();
    await expect(bobPage.getByTestId('email-row').first().getByTestId('label-chips')).toContainText('Partner');

    // The default labels, in their own card; they cannot be deleted.
    await page.getByRole('button', { name: 'Initialize Default Labels' }).click();
    await expectNoticeGoesByItself(page, 'Default labels initialized');
    const defaults = page.getByTestId('default-labels');
    await expect(defaults.getByText('Default Labels')).toBeVisible();
    await expect(defaults.getByTestId('label-item')).toHaveCount(6);
    await defaults.getByRole('button', { name: 'Delete label Important' }).click();
    await expectNoticeGoesByItself(page, 'Cannot delete default labels');
    await expect(defaults.getByTestId('label-item')).toHaveCount(6);

    // Deleting her label removes it here and from Bob's row and filter.
    await page.getByTestId('your-labels').getByRole('button', { name: 'Delete label Partner' }).click();
    await expect(notice(page, 'Label deleted successfully')).toBeVisible();
    await expect(page.getByTestId('your-labels').getByTestId('label-item')).toHaveCount(0);
    await expect(bobPage.getByTestId('email-row').first().getByTestId('label-chips')).not.toContainText('Partner');
    await bobPage.getByTestId('filter-label').click();
    await expect(bobPage.getByRole('option', { name: 'Important' })).toBeVisible();
    await expect(bobPage.getByRole('option', { name: 'Partner' })).toHaveCount(0);
    await bobPage.keyboard.press('Escape');
    await bobContext.close();
  });

  test('shows the error notices: loading, creating, deleting and initializing', async ({ page, baseURL }) => {
    const { token } = await adminWithTeam(baseURL!, 'labelerr', 'Failing labels');
    await api(baseURL!, token, 'POST', '/email-labels', { name: 'Mine' });
    await useToken(page, token);

    // The team's labels: GET /api/email-labels?teamId={teamId} (the one labels cache every screen shares, the spec's
    // team parameter sent).
    const labelList = /\/api\/email-labels\?teamId=[0-9a-f-]{36}$/;
    await page.route(labelList, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.goto('/admin/email-labels');
    await expectNoticeGoesByItself(page, 'Error loading labels');
    await expect(page.getByTestId('labels-loading')).toHaveCount(0);
    await page.unroute(labelList);
    await page.reload();
    await expect(page.getByTestId('your-labels').getByTestId('label-item')).toHaveText(['Mine']);

    await page.route('**/api/email-labels', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByLabel('Label Name').fill('Broken');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectNoticeGoesByItself(page, 'Error creating label');
    await page.route('**/api/email-labels/initialize', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Initialize Default Labels' }).click();
    await expectNoticeGoesByItself(page, 'Error initializing default labels');
    await page.route('**/api/email-labels/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Delete label Mine' }).click();
    await expectNoticeGoesByItself(page, 'Error deleting label');
    await expect(page.getByTestId('your-labels').getByTestId('label-item')).toHaveText(['Mine']);
  });
});

test.describe('the Reply templates screen', () => {
  test('creates, edits and deletes templates; one created on the screen fills another member’s open reply', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { aliceToken, bobToken, emails } = await teamOfTwoWithSamples(baseURL!, 'Templates crew');
    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    await useToken(bobPage, bobToken);
    await bobPage.goto(`/admin/email-detail/${emails[0].id}`);
    await expect(bobPage.getByTestId('email-detail-subject')).toHaveText(emails[0].subject);

    await useToken(page, aliceToken);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'admin' }).getByRole('link', { name: 'Reply templates' }).click();
    await expect(page.getByRole('heading', { name: 'Reply templates' })).toBeVisible();
    await expect(page.getByText('No reply templates yet.')).toBeVisible();

    await page.getByRole('button', { name: 'New template' }).click();
    await expect(page.getByLabel('Plain text body')).toHaveAttribute('rows', '4');
    await expect(page.getByLabel('HTML body')).toHaveAttribute('rows', '6');
    await page.getByLabel('Name').fill('Shipping');
    await page.getByLabel('Subject').fill('Your order');
    await page.getByLabel('Plain text body').fill('Your parcel ships today.');
    await page.getByRole('button', { name: 'Save' }).click();
    const rows = page.getByTestId('template-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Shipping');
    await expect(rows.first()).toContainText('Your order');

    // Bob's open reply form lists it at once; picking it fills his reply.
    await bobPage.getByTestId('reply-template').click();
    await bobPage.getByRole('listbox').getByRole('option', { name: 'Shipping' }).click();
    await expect(bobPage.getByTestId('reply-body')).toHaveValue('Your parcel ships today.');

    // Edit: a copy of the template; Cancel discards it, Save updates the same template.
    await page.getByRole('button', { name: 'Edit template Shipping' }).click();
    await page.getByLabel('Name').fill('Discarded');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(rows.first()).toContainText('Shipping');
    await page.getByRole('button', { name: 'Edit template Shipping' }).click();
    await expect(page.getByLabel('Subject')).toHaveValue('Your order');
    await page.getByLabel('Name').fill('Shipping today');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Shipping today');
    await bobPage.getByTestId('reply-template').click();
    await expect(bobPage.getByRole('listbox').getByRole('option', { name: 'Shipping today' })).toBeVisible();
    await bobPage.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Delete template Shipping today' }).click();
    await expect(page.getByText('No reply templates yet.')).toBeVisible();
    await bobPage.getByTestId('reply-template').click();
    await expect(bobPage.getByRole('listbox')).toBeVisible();
    await expect(bobPage.getByRole('listbox').getByRole('option', { name: 'Shipping today' })).toHaveCount(0);
    await bobPage.keyboard.press('Escape');
    await bobContext.close();
  });
});

test.describe('the Team Activity screen', () => {
  test('lists what two members did, for the team and for one email', async ({ page, baseURL }) => {
    const { alice, bob, aliceToken, bobToken, emails } = await teamOfTwoWithSamples(baseURL!, 'Activity crew');
    const [first, second] = emails;
    const bobId = (await api<{ id: string }>(baseURL!, bobToken, 'GET', '/loggedInUser')).id;
    await api(baseURL!, aliceToken, 'PUT', `/emails/${first.id}/assign`, { assignedTo: bobId });
    await api(baseURL!, bobToken, 'PUT', `/emails/${second.id}/archive`);
    await api(baseURL!, bobToken, 'PUT', `/emails/${first.id}/spam`);
    await expect
      .poll(async () => {
        const page0 = await api<EmailPage<TeamActivityEntry>>(baseURL!, aliceToken, 'GET', '/team/actions');
        return page0.content[0]?.type;
      })
      .toBe('SPAM');

    await useToken(page, aliceToken);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'admin' }).getByRole('link', { name: 'Team Activity' }).click();
    await expect(page.getByRole('heading', { name: 'Team Activity' })).toBeVisible();
    const entries = page.getByTestId('activity-entry');
    // Newest first: Bob's spam and archive, Alice's assignment, then how the team started.
    await expect(entries.nth(0)).toContainText(bob.email);
    await expect(entries.nth(0).getByTestId('activity-type')).toHaveText('Spam');
    await expect(entries.nth(0).getByTestId('activity-email-id')).toHaveText(first.id);
    await expect(entries.nth(1).getByTestId('activity-type')).toHaveText('Archived');
    await expect(entries.nth(1).getByTestId('activity-email-id')).toHaveText(second.id);
    await expect(entries.nth(2)).toContainText(alice.email);
    await expect(entries.nth(2).getByTestId('activity-type')).toHaveText('Assigned');
    await expect(entries.nth(2).getByTestId('activity-details')).toHaveText(`Assigned to ${bob.email}`);
    await expect(entries.filter({ hasText: `${bob.email} joined the team as MEMBER` })).toHaveCount(1);
    await expect(entries.filter({ hasText: 'Team "Activity crew" created' })).toHaveCount(1);
    const avatar = entries.nth(0).getByTestId('activity-avatar');
    const box = await avatar.boundingBox();
    expect(box && Math.round(box.width)).toBe(28);
    expect(box && Math.round(box.height)).toBe(28);

    // One email: its actions only, by both members.
    await page.getByLabel('Email ID').fill(first.id);
    await page.getByRole('button', { name: 'Load' }).click();
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0).getByTestId('activity-type')).toHaveText('Spam');
    await expect(entries.nth(0)).toContainText(bob.email);
    await expect(entries.nth(1).getByTestId('activity-type')).toHaveText('Assigned');
    await expect(entries.nth(1)).toContainText(alice.email);
    // Back to the whole team.
    await page.getByLabel('Email ID').fill('');
    await page.getByRole('button', { name: 'Load' }).click();
    await expect(entries.nth(1).getByTestId('activity-type')).toHaveText('Archived');
    await entries.nth(0).getByTestId('activity-email-id').click();
    await expect(page).toHaveURL(new RegExp(`/admin/email-detail/${first.id}$`));
  });
});

test.describe('the admin screens in Czech', () => {
  test('keep the spec’s texts of the Email Labels and Team Activity screens', async ({ page, baseURL }) => {
    const { token } = await adminWithTeam(baseURL!, 'cesky', 'Český tým');
    await useToken(page, token);
    await page.evaluate(() => localStorage.setItem('language', 'cs'));

    await page.goto('/admin/email-labels');
    await expect(
      page.getByRole('navigation', { name: 'admin' }).getByRole('link', { name: 'Štítky e-mailů' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Initialize Default Labels' })).toBeVisible();
    await expect(page.getByText('Create New Label')).toBeVisible();
    await expect(page.getByLabel('Label Name')).toHaveAttribute('placeholder', 'Enter label name');
    await expect(page.getByRole('button', { name: 'Light Background' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Solid Background' })).toBeVisible();
    await expect(
      page.getByText('No labels found. Create your first label or initialize default labels.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(notice(page, 'Please enter a label name').getByRole('button', { name: 'Close' })).toBeVisible();

    await page.goto('/admin/activity');
    await expect(page.getByRole('heading', { name: 'Team Activity' })).toBeVisible();
    await expect(page.getByLabel('Email ID')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load' })).toBeVisible();
    await expect(page.getByTestId('activity-details').filter({ hasText: 'Založen tým „Český tým“' })).toHaveCount(1);
  });
});

import { readFile } from 'node:fs/promises';
import type { Email, Page as EntryPage, TeamAuditEntry } from '@teaminbox/contracts';
import { api, expect, test, useToken } from '../support/fixtures';
import { teamOfTwo } from '../support/teams';

test.describe('the Audit trail screen', () => {
  test('filters the team’s events by type, actor and email, and downloads them as CSV', async ({ page, baseURL }) => {
    const { alice, bob, aliceToken, bobToken } = await teamOfTwo(baseURL!, 'Audit crew');
    await api(baseURL!, aliceToken, 'POST', '/emails/sample');
    const [first, second] = (await api<EntryPage<Email>>(baseURL!, aliceToken, 'GET', '/emails')).content;
    const bobId = (await api<{ id: string }>(baseURL!, bobToken, 'GET', '/loggedInUser')).id;
    await api(baseURL!, aliceToken, 'PUT', `/emails/${first.id}/assign`, { assignedTo: bobId });
    await api(baseURL!, bobToken, 'PUT', `/emails/${second.id}/archive`);
    await expect
      .poll(
        async () => (await api<EntryPage<TeamAuditEntry>>(baseURL!, aliceToken, 'GET', '/team/audit')).content[0]?.type,
      )
      .toBe('EmailArchived');

    await useToken(page, aliceToken);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'admin' }).getByRole('link', { name: 'Audit trail' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
    const entries = page.getByTestId('audit-entry');
    await expect(entries.nth(0).getByTestId('audit-type-tag')).toHaveText('EmailArchived');
    await expect(entries.nth(0)).toContainText(bob.email);
    await expect(entries.filter({ hasText: 'TeamCreated' })).toHaveCount(1);

    // By type.
    await page.getByTestId('audit-type').click();
    await page.getByRole('option', { name: 'EmailAssigned', exact: true }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(entries).toHaveCount(1);
    await expect(entries.nth(0)).toContainText(alice.email);
    await expect(entries.nth(0).getByTestId('audit-email')).toHaveText(first.id);

    // By actor (and no type).
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByTestId('audit-actor').click();
    await page.getByRole('option', { name: bob.email }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(entries.nth(0).getByTestId('audit-type-tag')).toHaveText('EmailArchived');
    await expect(entries.filter({ hasNotText: bob.email })).toHaveCount(0);

    // By time: nothing happened after the end of the century; everything happened before it.
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByLabel('From', { exact: true }).fill('12/31/2099 10:00');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('No events match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByLabel('To', { exact: true }).fill('12/31/2099 10:00');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(entries.nth(0).getByTestId('audit-type-tag')).toHaveText('EmailArchived');

    // By email: its events only.
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByLabel('Email ID').fill(first.id);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(entries.filter({ hasText: 'EmailAssigned' })).toHaveCount(1);
    await expect(entries.filter({ hasText: 'EmailReceived' })).toHaveCount(1);
    await expect(entries.filter({ hasText: 'EmailArchived' })).toHaveCount(0);
    const shown = await entries.count();

    // The CSV of the filters applied, with the progress reaching the total.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^team-audit-\d{4}-\d{2}-\d{2}T\d{6}Z\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'eventId,occurredAt,type,actorKind,actorUserId,actorName,actorRuleId,actorRuleName,emailId,streamId,streamVersion,correlationId,causationId,payload',
    );
    expect(lines).toHaveLength(shown + 1);
    const assigned = lines.find((line) => line.includes(',EmailAssigned,'));
    expect(assigned).toContain(first.id);
    expect(assigned).toContain(alice.email);
    await expect(page.getByTestId('audit-export-progress').getByRole('status')).toHaveText(
      new RegExp(`^Exported ${shown} entries`),
    );
  });

  test('is not offered to a member', async ({ page, baseURL }) => {
    const { bobToken } = await teamOfTwo(baseURL!, 'Audit members');
    await useToken(page, bobToken);
    await page.goto('/admin');
    const menu = page.getByRole('navigation', { name: 'admin' });
    await expect(menu.getByRole('link', { name: 'Team Activity' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
  });
});

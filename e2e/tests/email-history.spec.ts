import type { Email, EmailHistoryEntry, Page as EmailPage } from '@teaminbox/contracts';
import { api, expect, joinTeamViaApi, newAccount, test, useToken } from '../support/fixtures';
import { adminWithTeam } from '../support/teams';

// The as-of control is typed in the browser's zone: the test fixes it, and the calendar's format.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const pad = (value: number) => String(value).padStart(2, '0');
/** The Calendar's text for an instant (mm/dd/yy HH:mm:ss, in UTC). */
const calendarText = (date: Date) =>
  `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()} ` +
  `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;

/** A whole second after everything so far and before anything next (the control has a resolution of seconds). */
async function secondBetween(): Promise<Date> {
  const second = Math.floor(Date.now() / 1000) * 1000 + 1000;
  await expect.poll(() => Date.now(), { timeout: 5_000 }).toBeGreaterThan(second + 1000);
  return new Date(second);
}

test('the History view lists who changed the email, and the as-of control shows it as it was, read-only', async ({
  page,
  baseURL,
}) => {
  const { account: owner, token: ownerToken } = await adminWithTeam(baseURL!, 'hist-owner', 'History crew');
  const member = newAccount('hist-member');
  const memberToken = await joinTeamViaApi(baseURL!, ownerToken, member);
  await api(baseURL!, ownerToken, 'POST', '/emails/sample');
  const { content } = await api<EmailPage<Email>>(baseURL!, ownerToken, 'GET', '/emails?size=50');
  const email = content[0];

  // Before: the member takes the email and comments; then the owner closes it and archives it.
  await api(baseURL!, ownerToken, 'PUT', `/emails/${email.id}/status`, { status: 'IN_PROGRESS' });
  await api(baseURL!, memberToken, 'POST', `/emails/${email.id}/comments`, { message: 'On it' });
  const then = await secondBetween();
  await api(baseURL!, ownerToken, 'PUT', `/emails/${email.id}/status`, { status: 'CLOSED' });
  await api(baseURL!, ownerToken, 'PUT', `/emails/${email.id}/archive`);
  const history = await api<EmailHistoryEntry[]>(baseURL!, ownerToken, 'GET', `/emails/${email.id}/history`);
  expect(history.map((entry) => entry.type)).toEqual([
    'EmailReceived',
    'EmailStatusChanged',
    'CommentAdded',
    'EmailStatusChanged',
    'EmailArchived',
  ]);

  await useToken(page, ownerToken);
  await page.goto(`/admin/email-detail/${email.id}`);
  await expect(page.getByTestId('email-detail-subject')).toHaveText(email.subject);
  await page.getByTestId('history-toggle').click();
  const entries = page.getByTestId('history-entry');
  // Opening the email marked it read: the sixth entry, by the owner.
  await expect(entries).toHaveCount(6);
  await expect(entries.nth(5).getByTestId('history-change')).toHaveText('Marked as read');
  await expect(entries.nth(5).getByTestId('history-actor')).toHaveText(owner.email);
  await expect(entries.nth(1).getByTestId('history-change')).toHaveText('Status: New → In Progress');
  await expect(entries.nth(2).getByTestId('history-actor')).toHaveText(member.email);
  await expect(entries.nth(2).getByTestId('history-change')).toHaveText('Comment added: On it');
  await expect(entries.nth(4).getByTestId('history-change')).toHaveText('Archived');
  const correlation = entries.nth(4).getByTestId('history-correlation');
  await expect(correlation).toHaveText(`…${history[4].correlationId.slice(-8)}`);
  await expect(correlation).toHaveAttribute('title', `Correlation id ${history[4].correlationId}`);

  // Today: archived and closed, every control usable.
  await expect(page.getByTestId('archive-toggle')).toHaveText(/Unarchive/);
  await expect(page.getByTestId('archive-toggle')).toBeEnabled();

  // As of the instant between: in progress, in the inbox, the member's comment; nothing can be changed.
  await page.locator('#history-as-of').fill(calendarText(then));
  await page.locator('#history-as-of').press('Tab');
  await page.getByTestId('history-as-of-show').click();
  await expect(page.getByTestId('past-banner')).toBeVisible();
  await expect(page.getByTestId('past-banner-text')).toContainText('You are viewing this email as it was on');
  await expect(page.getByTestId('past-folder')).toHaveText('Inbox');
  await expect(page.getByTestId('past-read')).toHaveText('Unread');
  await expect(page.getByTestId('past-comment')).toHaveCount(1);
  await expect(page.getByTestId('past-comment')).toContainText('On it');
  await expect(page.getByTestId('archive-toggle')).toHaveText(/Archive/);
  await expect(page.getByTestId('archive-toggle')).not.toHaveText(/Unarchive/);
  for (const control of ['archive-toggle', 'spam-toggle', 'mute-toggle']) {
    await expect(page.getByTestId(control)).toBeDisabled();
  }
  await expect(page.locator('#email-status-select')).toBeDisabled();
  await expect(page.getByTestId('status-select')).toContainText('In Progress');
  await expect(page.getByTestId('locked-card')).toHaveCount(3);
  await expect(page.getByTestId('reply-body')).toHaveCount(0);

  // Back to now: today's state and controls again.
  await page.getByTestId('back-to-now').click();
  await expect(page.getByTestId('past-banner')).toHaveCount(0);
  await expect(page.getByTestId('archive-toggle')).toHaveText(/Unarchive/);
  await expect(page.getByTestId('archive-toggle')).toBeEnabled();
  await expect(page.getByTestId('status-select')).toContainText('Closed');
});

import type { Email, Page as EntryPage } from '@teaminbox/contracts';
import { api, createTeamViaApi, expect, newAccount, signUpViaApi, test, useToken } from '../support/fixtures';

const SENDER = 'martina.novakova@example.com';
/** Another person's address, quoted in a comment on her case. */
const QUOTED = 'old.customer@example.com';

test('an admin erases a person on the Audit trail screen; the email and its history then read "[erased]"', async ({
  page,
  baseURL,
}) => {
  const admin = newAccount('eraser');
  const token = await signUpViaApi(baseURL!, admin);
  await createTeamViaApi(baseURL!, token, 'Erasure crew');
  await api(baseURL!, token, 'POST', '/emails/sample');
  const email = (await api<EntryPage<Email>>(baseURL!, token, 'GET', '/emails?size=50')).content.find(
    (row) => row.fromEmail === SENDER,
  )!;

  // A comment on her case that quotes another person's address: it is hers (sealed under her key), so erasing him
  // cannot reach it.
  await api(baseURL!, token, 'POST', `/emails/${email.id}/comments`, { message: `Same damage as ${QUOTED} reported` });

  await useToken(page, token);
  await page.goto('/admin/audit');
  const panel = page.getByTestId('audit-erasure');
  await expect(panel.getByRole('heading', { name: 'Erase personal data' })).toBeVisible();
  await expect(panel).toContainText('Who did what stays in the history.');
  const dialog = page.getByTestId('audit-erasure-confirm');

  // The quoted person: no key of his is kept, yet an event names him; the screen says what remains.
  await panel.getByLabel('Email address of the person').fill(QUOTED);
  await panel.getByRole('button', { name: 'Erase personal data' }).click();
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  const remains = page.getByTestId('audit-erasure-remains');
  await expect(remains).toContainText(
    `The personal data of ${QUOTED} cannot be fully erased: this team keeps none of it sealed, so nothing was erased.`,
  );
  await expect(remains.getByTestId('audit-erasure-remain')).toHaveText(['CommentAdded: 1 events']);
  await expect(page.getByTestId('audit-erased')).toHaveCount(0);

  await panel.getByLabel('Email address of the person').fill(SENDER);
  await panel.getByRole('button', { name: 'Erase personal data' }).click();

  await expect(dialog).toContainText('Erase personal data?');
  await expect(dialog).toContainText(`Erase the personal data of ${SENDER}?`);
  await expect(dialog).toContainText('will read "[erased]" everywhere');
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();

  await expect(page.getByTestId('audit-erased')).toHaveText(`The personal data of ${SENDER} was erased.`);
  // Nothing names her any more (the comment quoting him was hers): no report.
  await expect(page.getByTestId('audit-erasure-remains')).toHaveCount(0);
  const newest = page.getByTestId('audit-entry').nth(0);
  await expect(newest.getByTestId('audit-type-tag')).toHaveText('DataSubjectErased');
  await expect(newest).toContainText(admin.email);
  await expect(page.getByTestId('audit-table')).not.toContainText(SENDER);

  // Again: nothing is left to erase.
  await panel.getByLabel('Email address of the person').fill(SENDER);
  await panel.getByRole('button', { name: 'Erase personal data' }).click();
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(page.getByTestId('audit-erasure-error')).toHaveText(
    'The personal data could not be erased: No personal data of this address is kept in your team.',
  );

  // The email keeps its place and its history, its personal fields read "[erased]".
  await page.goto(`/admin/email-detail/${email.id}`);
  await expect(page.getByTestId('email-detail-subject')).toHaveText('[erased]');
  await page.getByTestId('history-toggle').click();
  const entries = page.getByTestId('history-entry');
  await expect(entries.first()).toContainText('[erased]');
  await expect(entries.first()).not.toContainText(SENDER);
});

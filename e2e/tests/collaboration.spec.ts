import type { Email, Page as EmailPage } from '@teaminbox/contracts';
import { api, expect, test, useToken } from '../support/fixtures';
import { teamOfTwo } from '../support/teams';

test.describe('two members on one email', () => {
  test('see each other viewing and replying, assignments, and comments with mentions, edits and deletes, live', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { alice, bob, aliceToken, bobToken } = await teamOfTwo(baseURL!, 'Two of us');
    await api(baseURL!, aliceToken, 'POST', '/emails/sample');
    const [email] = (await api<EmailPage<Email>>(baseURL!, aliceToken, 'GET', '/emails')).content;

    await useToken(page, aliceToken);
    await page.goto(`/admin/email-detail/${email.id}`);
    await expect(page.getByTestId('email-detail-subject')).toHaveText(email.subject);

    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    await useToken(bobPage, bobToken);
    await bobPage.goto(`/admin/email-detail/${email.id}`);
    await expect(bobPage.getByTestId('email-detail-subject')).toHaveText(email.subject);

    // Presence: each sees the other (and not themselves).
    await expect(page.getByTestId('presence-viewer')).toHaveText(bob.email);
    await expect(bobPage.getByTestId('presence-viewer')).toHaveText(alice.email);

    // Bob starts a reply: Alice sees that he is replying.
    await bobPage.getByTestId('reply-body').fill('Working on it');
    await expect(page.getByTestId('presence')).toContainText(`${bob.email} is replying`);

    // Alice takes the email: Bob sees the assignment without reloading.
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await expect(page.getByText('Email assigned to you')).toBeVisible();
    await expect(bobPage.getByTestId('assignee')).toHaveText(`Assigned to: ${alice.email}`);

    // Alice mentions Bob: '@' and the start of his address lists him; Enter inserts him.
    const input = page.getByTestId('comment-input');
    await input.click();
    await input.pressSequentially(`Please check @${bob.email.slice(0, 3)}`);
    const suggestions = page.getByTestId('mention-suggestions');
    await expect(suggestions.getByRole('option')).toHaveText([bob.email]);
    await input.press('Enter');
    await expect(suggestions).toHaveCount(0);
    await expect(input).toHaveValue(`Please check @${bob.email} `);
    await input.pressSequentially('before Friday');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await expect(input).toHaveValue('');
    const bobComments = bobPage.getByTestId('comment');
    await expect(bobComments).toHaveCount(1);
    await expect(bobComments.first()).toContainText(`Please check @${bob.email} before Friday`);
    // Only the author may edit or delete.
    await expect(bobComments.first().getByRole('button', { name: 'Edit comment' })).toHaveCount(0);
    const comments = await api<{ mentions: string[] }[]>(baseURL!, aliceToken, 'GET', `/emails/${email.id}/comments`);
    expect(comments[0].mentions).toHaveLength(1);

    // Alice edits it, then deletes it: Bob sees both.
    await page.getByTestId('comment').first().getByRole('button', { name: 'Edit comment' }).click();
    await page.getByTestId('comment-edit-input').fill('Please check the invoice');
    await page.getByTestId('comment-save').click();
    await expect(bobComments.first()).toContainText('Please check the invoice');
    await expect(bobComments.first()).toContainText('(edited)');
    await page.getByTestId('comment').first().getByRole('button', { name: 'Delete comment' }).click();
    await expect(bobPage.getByText('No comments yet')).toBeVisible();

    // Bob leaves: Alice no longer sees him.
    await bobPage.goto('/admin/inbox');
    await expect(page.getByTestId('presence')).toHaveCount(0);
    await bobContext.close();
  });
});

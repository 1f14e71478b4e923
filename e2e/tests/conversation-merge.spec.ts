import type { Email, Page as EmailPage, TeamAuditEntry } from '@teaminbox/contracts';
import { api, expect, sinkSmtp, test, useToken, waitForEmailViaApi } from '../support/fixtures';
import { deliverToInbox } from '../support/customer-mail';
import { teamOfTwo, teamWithInbox, useDovecot } from '../support/teams';

test.describe('merging conversations and splitting an email out', () => {
  const dovecot = useDovecot();

  test("a merge reaches another member's open list at once, without a reload", async ({ page, browser, baseURL }) => {
    const { aliceToken, bobToken } = await teamOfTwo(baseURL!, 'Merge pair', {
      alice: 'merge-alice',
      bob: 'merge-bob',
    });
    // The sample emails stay conversations of their own (no joining by subject): one row each.
    await api(baseURL!, aliceToken, 'PUT', '/conversation-settings', { joinRepliesBySubject: false });
    await api(baseURL!, aliceToken, 'POST', '/emails/sample');
    const listed = await api<EmailPage<Email>>(baseURL!, aliceToken, 'GET', '/emails?view=conversations&size=50');
    const count = listed.content.length;
    expect(count).toBeGreaterThan(2);

    // Bob's inbox is open in his own browser; it is never loaded again by hand.
    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    await useToken(bobPage, bobToken);
    await bobPage.goto('/admin/inbox');
    const bobRows = bobPage.getByTestId('email-row');
    await expect(bobRows).toHaveCount(count);
    await expect(bobRows.getByTestId('conversation-count')).toHaveCount(0);

    // Alice merges the first two conversations of her list.
    await useToken(page, aliceToken);
    await page.goto('/admin/inbox');
    const aliceRows = page.getByTestId('email-row');
    await expect(aliceRows).toHaveCount(count);
    for (const row of (await aliceRows.all()).slice(0, 2)) {
      await row.locator('.p-selection-column input[type="checkbox"]').check({ force: true });
    }
    await page.getByTestId('bulk-merge').click();
    await page.locator('.p-confirm-dialog-accept').click();
    await expect(aliceRows).toHaveCount(count - 1);

    // Bob's list shows one row for both, with its two messages, from the merge's push alone.
    await expect(bobRows).toHaveCount(count - 1);
    await expect(bobRows.getByTestId('conversation-count')).toHaveText(['2']);
    await bobContext.close();
  });

  test('merge and split show in the list and the audit trail', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const { token } = await teamWithInbox(baseURL!, dovecot(), 'merge-admin', 'Merge crew', {
      ...sinkSmtp(),
      fromName: 'Support',
    });

    const stamp = Date.now().toString(36);
    const deliver = (from: string, headers: string[], body: string) => deliverToInbox(dovecot(), from, headers, body);
    // Conversation A: Carol's question and her follow-up; conversation B: Dan's message about the same matter.
    const carol = `Carol Customer <carol-${stamp}@example.org>`;
    await deliver(carol, [`Subject: Boiler ${stamp}`, `Message-ID: <a1-${stamp}@example.org>`], 'The boiler is cold.');
    await waitForEmailViaApi(baseURL!, token, `Boiler ${stamp}`);
    await deliver(
      carol,
      [
        `Subject: Re: Boiler ${stamp}`,
        `Message-ID: <a2-${stamp}@example.org>`,
        `In-Reply-To: <a1-${stamp}@example.org>`,
        `References: <a1-${stamp}@example.org>`,
      ],
      'Still cold.',
    );
    await waitForEmailViaApi(baseURL!, token, `Re: Boiler ${stamp}`);
    await deliver(`Dan Neighbour <dan-${stamp}@example.org>`, [`Subject: Heating ${stamp}`], 'My flat is cold too.');
    const dan = await waitForEmailViaApi(baseURL!, token, `Heating ${stamp}`);

    await useToken(page, token);
    await page.goto('/admin/inbox');
    const rows = page.getByTestId('email-row').filter({ hasText: stamp });
    await expect(rows).toHaveCount(2);
    await expect(rows.getByTestId('conversation-count')).toHaveText(['2']);

    // Merge: both rows chosen, confirmed: one row with the messages of both, its latest email first.
    for (const row of await rows.all()) {
      await row.locator('.p-selection-column input[type="checkbox"]').check({ force: true });
    }
    await page.getByTestId('bulk-merge').click();
    await expect(page.getByText('Merge the 2 selected conversations into one?')).toBeVisible();
    await page.locator('.p-confirm-dialog-accept').click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('conversation-count')).toHaveText('3');
    await expect(rows.first().getByTestId('email-subject')).toHaveText(`Heating ${stamp}`);

    // The audit trail and the activity log show the merge.
    await expect
      .poll(async () =>
        (await api<EmailPage<TeamAuditEntry>>(baseURL!, token, 'GET', '/team/audit')).content.map(
          (entry) => entry.type,
        ),
      )
      .toContain('ConversationsMerged');
    await page.goto('/admin/audit');
    const audit = page.getByTestId('audit-entry');
    await expect(audit.filter({ hasText: 'ConversationsMerged' })).toHaveCount(1);
    await page.goto('/admin/activity');
    await expect(page.locator('[data-testid="activity-type"][data-type="CONVERSATIONS_MERGED"]')).toHaveCount(1);
    await expect(
      page.getByTestId('activity-details').filter({ hasText: '2 conversations merged into conversation' }),
    ).toHaveCount(1);

    // Split Dan's message out again in the detail: two rows, and the split in the audit trail.
    await page.goto(`/admin/email-detail/${dan.id}`);
    const thread = page.getByTestId('thread');
    await expect(thread.getByTestId('thread-message')).toHaveCount(3);
    await thread
      .getByTestId('thread-message')
      .filter({ hasText: `Heating ${stamp}` })
      .getByTestId('thread-split')
      .click();
    await expect(page.getByText('The email is now a conversation of its own')).toBeVisible();
    await expect(thread).toHaveCount(0);
    await page.goto('/admin/inbox');
    await expect(rows).toHaveCount(2);
    await expect(rows.getByTestId('conversation-count')).toHaveText(['2']);
    const listed = await api<EmailPage<Email>>(baseURL!, token, 'GET', '/emails?view=conversations&size=50');
    expect(listed.content.find((email) => email.id === dan.id)?.conversation?.messageCount).toBe(1);
    await page.goto('/admin/audit');
    await expect(audit.filter({ hasText: 'EmailSplitFromConversation' })).toHaveCount(1);
  });
});

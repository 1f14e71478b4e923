import { api, expect, joinTeamViaApi, newAccount, test, useToken } from '../support/fixtures';
import { adminWithTeam } from '../support/teams';

/**
 * The team's conversation settings on the Email server configuration screen: an ADMIN turns joining replies by
 * subject off (kept over a reload, and what the API answers); a MEMBER sees the setting and cannot change it.
 */
test.describe('conversation settings', () => {
  test('an ADMIN turns joining by subject off, a MEMBER sees it and cannot change it', async ({ page, baseURL }) => {
    const { token: adminToken } = await adminWithTeam(baseURL!, 'conv-admin', 'Conversation settings team');
    await useToken(page, adminToken);
    await page.goto('/admin/email-server-config');

    const card = page.getByTestId('conversation-settings');
    await expect(card).toContainText('Join replies by subject');
    const toggle = card.getByRole('switch', { name: 'Join replies by subject' });
    await expect(toggle).toBeEnabled();
    await expect(toggle).toBeChecked();

    await toggle.click();
    await expect(page.getByText('Conversation settings saved')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    expect(await api(baseURL!, adminToken, 'GET', '/conversation-settings')).toEqual({ joinRepliesBySubject: false });

    await page.reload();
    await expect(page.getByTestId('conversation-settings').getByRole('switch')).not.toBeChecked();

    const memberToken = await joinTeamViaApi(baseURL!, adminToken, newAccount('conv-member'));
    await useToken(page, memberToken);
    await page.goto('/admin/email-server-config');
    const memberCard = page.getByTestId('conversation-settings');
    await expect(memberCard).toContainText('Only an admin can change this.');
    await expect(memberCard.getByRole('switch')).not.toBeChecked();
    await expect(memberCard.getByRole('switch')).toBeDisabled();
  });
});

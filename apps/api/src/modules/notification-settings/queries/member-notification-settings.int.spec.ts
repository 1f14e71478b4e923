import { randomUUID } from 'node:crypto';
import { DEFAULT_NOTIFICATION_TYPE_SETTINGS, defaultNotificationPreferences } from '@teaminbox/contracts';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../../test/support/test-database';
import { insertTwoTeams, twoTeams } from '../../../../test/support/two-teams';
import { MemberNotificationSettings } from './member-notification-settings';

/** The settings port answers the members of the named teams only: another team's rows never come back. */
describe('MemberNotificationSettings (read port of notification_settings)', () => {
  let db: MigratedTestDataSource;
  let port: MemberNotificationSettings;
  const teams = twoTeams();
  const { teamA, teamB, alice, newcomer, bob } = teams;

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
    port = new MemberNotificationSettings(db.dataSource);
    const settings = (userId: string, teamId: string, slackWebhookUrl: string) =>
      db.dataSource.query(
        `INSERT INTO notification_settings (user_id, id, team_id, use_threads, share_comments_across_thread,
                                            email_notifications_enabled, browser_push_enabled,
                                            slack_notifications_enabled, slack_webhook_url, notification_types,
                                            updated_at)
         VALUES ($1, $2, $3, true, true, false, true, true, $4, $5, now())`,
        [userId, randomUUID(), teamId, slackWebhookUrl, JSON.stringify({ TASK_ASSIGNED: { emailEnabled: false } })],
      );
    await insertTwoTeams(db.dataSource, teams);
    await settings(alice, teamA, 'https://hooks.slack.test/a');
    await settings(bob, teamB, 'https://hooks.slack.test/b');
  }, 60_000);
  afterAll(() => db?.drop());

  it("answers every member of the asked teams, with the defaults until they save, and no other team's", async () => {
    const members = await port.ofTeams([teamA]);
    expect([...members.keys()].sort()).toEqual([alice, newcomer].sort());
    expect(members.get(alice)).toMatchObject({
      emailNotificationsEnabled: false,
      slackNotificationsEnabled: true,
      slackWebhookUrl: 'https://hooks.slack.test/a',
    });
    expect(members.get(alice)?.notificationTypes.TASK_ASSIGNED).toEqual({
      ...DEFAULT_NOTIFICATION_TYPE_SETTINGS,
      emailEnabled: false,
    });
    const defaults = defaultNotificationPreferences();
    expect(members.get(newcomer)).toMatchObject({
      emailNotificationsEnabled: defaults.emailNotificationsEnabled,
      slackWebhookUrl: '',
    });
    expect(members.has(bob)).toBe(false);
    expect(await port.ofTeams([])).toEqual(new Map());
  });

  it("gives a member's own Slack channel only", async () => {
    expect(await port.slackOf(alice)).toEqual({ enabled: true, webhookUrl: 'https://hooks.slack.test/a' });
    expect(await port.slackOf(newcomer)).toBeNull();
  });
});

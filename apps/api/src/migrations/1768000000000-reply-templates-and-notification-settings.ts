import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read models of the team's reply templates and of each user's notification settings. The muted emails of the
 * settings come from `email_mute`, which gets an index by user for that read.
 */
export class ReplyTemplatesAndNotificationSettings1768000000000 implements MigrationInterface {
  name = 'ReplyTemplatesAndNotificationSettings1768000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE reply_template (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        name text NOT NULL,
        subject text NOT NULL DEFAULT '',
        body text NOT NULL DEFAULT '',
        html_body text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX reply_template_team_idx ON reply_template (team_id, lower(name))`);

    await queryRunner.query(`
      CREATE TABLE notification_settings (
        user_id uuid PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        team_id uuid,
        use_threads boolean NOT NULL,
        share_comments_across_thread boolean NOT NULL,
        email_notifications_enabled boolean NOT NULL,
        browser_push_enabled boolean NOT NULL,
        slack_notifications_enabled boolean NOT NULL,
        slack_webhook_url text NOT NULL DEFAULT '',
        html_signature text NOT NULL DEFAULT '',
        notification_types jsonb NOT NULL DEFAULT '{}'::jsonb,
        updated_at timestamptz NOT NULL
      )`);

    await queryRunner.query(`CREATE INDEX email_mute_user_idx ON email_mute (user_id, team_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX email_mute_user_idx`);
    await queryRunner.query(`DROP TABLE notification_settings`);
    await queryRunner.query(`DROP TABLE reply_template`);
  }
}

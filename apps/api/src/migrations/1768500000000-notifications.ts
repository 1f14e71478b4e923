import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications and what decides and delivers them: the notification list of each user (positions kept for "mark
 * all read"), snooze, browser push subscriptions, Slack webhook health, profile photos, the user's language.
 */
export class Notifications1768500000000 implements MigrationInterface {
  name = 'Notifications1768500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notification (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        team_id uuid NOT NULL,
        type text NOT NULL,
        title text NOT NULL,
        message text NOT NULL,
        action_url text,
        email_id uuid,
        silent boolean NOT NULL DEFAULT false,
        read boolean NOT NULL DEFAULT false,
        read_at timestamptz,
        created_at timestamptz NOT NULL,
        position_commit numeric(20) NOT NULL,
        position_prepare numeric(20) NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX notification_user_idx ON notification (user_id, position_commit DESC, position_prepare DESC)`,
    );
    await queryRunner.query(`CREATE INDEX notification_unread_idx ON notification (user_id) WHERE NOT read`);

    await queryRunner.query(`
      CREATE TABLE notification_snooze (
        user_id uuid PRIMARY KEY,
        snoozed_until timestamptz NOT NULL
      )`);

    await queryRunner.query(`
      CREATE TABLE push_subscription (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        endpoint text NOT NULL,
        p256dh text NOT NULL,
        auth text NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (user_id, endpoint)
      )`);

    await queryRunner.query(`
      CREATE TABLE profile_photo_content (
        photo_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        content_type text NOT NULL,
        content bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE profile_photo (
        user_id uuid PRIMARY KEY,
        photo_id uuid NOT NULL,
        content_type text NOT NULL,
        updated_at timestamptz NOT NULL
      )`);

    await queryRunner.query(`ALTER TABLE notification_settings ADD COLUMN slack_disabled_reason text`);
    await queryRunner.query(`ALTER TABLE user_preferences ADD COLUMN language text NOT NULL DEFAULT 'en'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE user_preferences DROP COLUMN language`);
    await queryRunner.query(`ALTER TABLE notification_settings DROP COLUMN slack_disabled_reason`);
    for (const table of [
      'profile_photo',
      'profile_photo_content',
      'push_subscription',
      'notification_snooze',
      'notification',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}

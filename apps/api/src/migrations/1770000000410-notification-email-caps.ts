import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hourly caps on notification email: the count of a recipient's and of a team's notification emails per window, and
 * the notifications past a cap, held for the window's digest (one email at the window's end).
 */
export class NotificationEmailCaps1770000000410 implements MigrationInterface {
  name = 'NotificationEmailCaps1770000000410';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notification_email_window (
        scope text NOT NULL,
        window_start timestamptz NOT NULL,
        sent integer NOT NULL,
        CONSTRAINT notification_email_window_pkey PRIMARY KEY (scope, window_start)
      )`);
    await queryRunner.query(`
      CREATE TABLE notification_email_digest (
        user_id uuid NOT NULL,
        window_start timestamptz NOT NULL,
        notification_id uuid NOT NULL,
        title text NOT NULL,
        message text NOT NULL,
        action_url text,
        language text NOT NULL,
        held_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT notification_email_digest_pkey PRIMARY KEY (user_id, window_start, notification_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notification_email_digest`);
    await queryRunner.query(`DROP TABLE notification_email_window`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The replies that waited for their send time (undo window or "send later") and how far they went: the team's
 * Scheduled list, and the email a reply is undone on.
 */
export class OutboxScheduledSend1770000001310 implements MigrationInterface {
  name = 'OutboxScheduledSend1770000001310';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox_scheduled_send (
        reply_id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        email_id uuid NOT NULL,
        "to" jsonb NOT NULL,
        subject text NOT NULL,
        send_at timestamptz NOT NULL,
        author_id uuid NOT NULL,
        state text NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'sending', 'cancelled', 'done'))
      )`);
    await queryRunner.query(`CREATE INDEX outbox_scheduled_send_team ON outbox_scheduled_send (team_id, send_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE outbox_scheduled_send`);
  }
}

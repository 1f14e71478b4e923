import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The Scheduled list names what waits: a reply, a forward or the first message of a new conversation. */
export class OutboxScheduledSendKind1770000001320 implements MigrationInterface {
  name = 'OutboxScheduledSendKind1770000001320';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE outbox_scheduled_send
         ADD COLUMN kind text NOT NULL DEFAULT 'reply' CHECK (kind IN ('reply', 'forward', 'compose'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE outbox_scheduled_send DROP COLUMN kind`);
  }
}

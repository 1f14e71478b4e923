import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An email a member split out of its conversation keeps its own conversation: `email_thread.split` marks it, so that a
 * message arriving later that the email refers to (mail out of order) does not pull it back. No event so far split an
 * email, so every row starts unmarked and nothing is derived again.
 */
export class ConversationSplit1770000000950 implements MigrationInterface {
  name = 'ConversationSplit1770000000950';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE email_thread ADD COLUMN split boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE email_thread DROP COLUMN split`);
  }
}

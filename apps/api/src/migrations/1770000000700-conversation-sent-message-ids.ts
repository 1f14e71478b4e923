import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversations take in the answers to our own replies: `email_thread` keeps, per replied email, the Message-IDs of
 * the team's replies (ReplyQueued). The projection starts again from the first event (its table emptied, its
 * checkpoint and parked events removed), so the threads of the mail received so far are derived anew from the log.
 */
export class ConversationSentMessageIds1770000000700 implements MigrationInterface {
  name = 'ConversationSentMessageIds1770000000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE email_thread ADD COLUMN sent_message_ids text[] NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`CREATE INDEX email_thread_sent_idx ON email_thread USING gin (sent_message_ids)`);
    await queryRunner.query(`TRUNCATE email_thread`);
    await queryRunner.query(`DELETE FROM projection_parked_event WHERE projection = 'email-thread'`);
    await queryRunner.query(`DELETE FROM projection_checkpoints WHERE name = 'email-thread'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX email_thread_sent_idx`);
    await queryRunner.query(`ALTER TABLE email_thread DROP COLUMN sent_message_ids`);
  }
}

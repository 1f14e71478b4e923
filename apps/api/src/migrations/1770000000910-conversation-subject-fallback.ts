import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversations take in a reply without references by its subject: `email_thread` keeps each email's subject key (its
 * normalised subject and sender, hashed) and the time of its last message (received, or a reply to it queued), indexed
 * by team and key; `email_thread_team` keeps each team's setting "Join replies by subject" and own addresses. The
 * projection starts again from the first event (its tables emptied, its checkpoint and parked events removed), so the
 * threads of the mail received so far are derived anew from the log.
 */
export class ConversationSubjectFallback1770000000910 implements MigrationInterface {
  name = 'ConversationSubjectFallback1770000000910';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE email_thread ADD COLUMN subject_key text, ADD COLUMN active_at timestamptz`);
    await queryRunner.query(
      `CREATE INDEX email_thread_subject_idx ON email_thread (team_id, subject_key) WHERE subject_key IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE email_thread_team (
        team_id uuid PRIMARY KEY,
        join_by_subject boolean NOT NULL DEFAULT true,
        own_addresses text[] NOT NULL DEFAULT '{}'
      )`);
    await queryRunner.query(`TRUNCATE email_thread`);
    await queryRunner.query(`DELETE FROM projection_parked_event WHERE projection = 'email-thread'`);
    await queryRunner.query(`DELETE FROM projection_checkpoints WHERE name = 'email-thread'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE email_thread_team`);
    await queryRunner.query(`DROP INDEX email_thread_subject_idx`);
    await queryRunner.query(`ALTER TABLE email_thread DROP COLUMN subject_key, DROP COLUMN active_at`);
  }
}

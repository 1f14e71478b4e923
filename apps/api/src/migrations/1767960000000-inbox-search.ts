import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inbox queries at scale: full-text search over subject, sender and body (a stored tsvector with the 'simple'
 * configuration, so Czech and English words are kept as written; the sender's address also split at '@' and '.'),
 * and partial indexes in the list's order for each folder, the assignee and the labels.
 */
export class InboxSearch1767960000000 implements MigrationInterface {
  name = 'InboxSearch1767960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE inbox_email ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', coalesce(subject, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(from_name, '') || ' ' || from_email || ' ' || translate(from_email, '@.', '  ')), 'B') ||
        setweight(to_tsvector('simple', left(body_text, 200000)), 'C')
      ) STORED`);
    await queryRunner.query(`CREATE INDEX inbox_email_search_idx ON inbox_email USING gin (search_vector)`);
    await queryRunner.query(
      `CREATE INDEX inbox_email_inbox_idx ON inbox_email (team_id, received_at DESC, id DESC) WHERE NOT is_archived AND NOT is_spam`,
    );
    await queryRunner.query(
      `CREATE INDEX inbox_email_unread_idx ON inbox_email (team_id, received_at DESC, id DESC)
        WHERE NOT is_archived AND NOT is_spam AND read_at IS NULL AND read_by IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX inbox_email_archived_idx ON inbox_email (team_id, received_at DESC, id DESC) WHERE is_archived AND NOT is_spam`,
    );
    await queryRunner.query(
      `CREATE INDEX inbox_email_spam_idx ON inbox_email (team_id, received_at DESC, id DESC) WHERE is_spam`,
    );
    await queryRunner.query(
      `CREATE INDEX inbox_email_assignee_idx ON inbox_email (team_id, assigned_to, received_at DESC, id DESC)`,
    );
    await queryRunner.query(`CREATE INDEX inbox_email_labels_idx ON inbox_email USING gin (labels)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of ['labels', 'assignee', 'spam', 'archived', 'unread', 'inbox', 'search']) {
      await queryRunner.query(`DROP INDEX inbox_email_${index}_idx`);
    }
    await queryRunner.query(`ALTER TABLE inbox_email DROP COLUMN search_vector`);
  }
}

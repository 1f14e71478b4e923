import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Snoozed emails: `inbox_email.snoozed_until` (null when not snoozed) and the snoozed folder's partial index in the
 * list's order. A snoozed email counts under box 'snoozed' in `inbox_email_count` (no email is snoozed before this
 * migration, so no counter moves here).
 */
export class EmailSnooze1770000001100 implements MigrationInterface {
  name = 'EmailSnooze1770000001100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE inbox_email ADD COLUMN snoozed_until timestamptz`);
    await queryRunner.query(
      `CREATE INDEX inbox_email_snoozed_idx ON inbox_email (team_id, received_at DESC, id DESC)
        WHERE snoozed_until IS NOT NULL AND NOT is_spam`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX inbox_email_snoozed_idx`);
    await queryRunner.query(`ALTER TABLE inbox_email DROP COLUMN snoozed_until`);
  }
}

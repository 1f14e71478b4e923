import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the email detail shows about a message's origin: auto-reply and bounce flags, In-Reply-To. */
export class InboxEmailFlags1767900000000 implements MigrationInterface {
  name = 'InboxEmailFlags1767900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE inbox_email
        ADD COLUMN in_reply_to text,
        ADD COLUMN is_auto_reply boolean NOT NULL DEFAULT false,
        ADD COLUMN is_bounce boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE inbox_email DROP COLUMN in_reply_to, DROP COLUMN is_auto_reply, DROP COLUMN is_bounce`,
    );
  }
}

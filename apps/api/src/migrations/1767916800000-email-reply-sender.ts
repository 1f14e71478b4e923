import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The sender's display name of a queued reply (the thread shows outgoing messages like incoming ones). */
export class EmailReplySender1767916800000 implements MigrationInterface {
  name = 'EmailReplySender1767916800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE email_reply ADD COLUMN from_name text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE email_reply DROP COLUMN from_name`);
  }
}

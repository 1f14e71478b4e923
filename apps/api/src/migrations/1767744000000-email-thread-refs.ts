import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Finding the emails that refer to a Message-ID (`refs && ARRAY[...]`) without scanning the team's threads. */
export class EmailThreadRefs1767744000000 implements MigrationInterface {
  name = 'EmailThreadRefs1767744000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX email_thread_refs_idx ON email_thread USING gin (refs)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX email_thread_refs_idx`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Contents of queued replies' attachments (events carry only their metadata). pg-boss owns schema `pgboss`. */
export class Outbox1767571200000 implements MigrationInterface {
  name = 'Outbox1767571200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox_attachment (
        id uuid PRIMARY KEY,
        reply_id uuid NOT NULL,
        team_id uuid NOT NULL,
        position integer NOT NULL,
        filename text NOT NULL,
        content_type text NOT NULL,
        content bytea NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX outbox_attachment_reply_idx ON outbox_attachment (reply_id, position)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE outbox_attachment');
  }
}

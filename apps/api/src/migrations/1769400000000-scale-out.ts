import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shared state of the API replicas: socket.io's Postgres adapter's large payloads, the rate-limit counters
 * (rate-limiter-flexible's Postgres store) and who is viewing which email.
 */
export class ScaleOut1769400000000 implements MigrationInterface {
  name = 'ScaleOut1769400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE socket_io_attachments (
        id bigserial UNIQUE,
        created_at timestamptz DEFAULT now(),
        payload bytea
      )`);
    await queryRunner.query(`
      CREATE TABLE rate_limit (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
    await queryRunner.query(`
      CREATE TABLE email_presence (
        email_id uuid NOT NULL,
        user_id uuid NOT NULL,
        team_id uuid NOT NULL,
        replying boolean NOT NULL DEFAULT false,
        joined_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (email_id, user_id)
      )`);
    await queryRunner.query('CREATE INDEX email_presence_user ON email_presence (user_id)');
    await queryRunner.query('CREATE INDEX email_presence_expires ON email_presence (expires_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE email_presence');
    await queryRunner.query('DROP TABLE rate_limit');
    await queryRunner.query('DROP TABLE socket_io_attachments');
  }
}

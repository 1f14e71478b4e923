import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read models of the first slice: users (with team membership), teams and the inbox. */
export class ReadModels1767312000000 implements MigrationInterface {
  name = 'ReadModels1767312000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        password_hash text NOT NULL,
        first_name text,
        last_name text,
        team_id uuid,
        role text,
        registered_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);
    await queryRunner.query(`CREATE INDEX users_team_id_idx ON users (team_id)`);

    await queryRunner.query(`
      CREATE TABLE teams (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL
      )`);

    await queryRunner.query(`
      CREATE TABLE inbox_email (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        subject text NOT NULL,
        body_text text NOT NULL,
        body_html text,
        from_name text,
        from_email text NOT NULL,
        "to" jsonb NOT NULL DEFAULT '[]'::jsonb,
        cc jsonb NOT NULL DEFAULT '[]'::jsonb,
        received_at timestamptz NOT NULL,
        read_at timestamptz,
        read_by uuid,
        is_archived boolean NOT NULL DEFAULT false,
        is_spam boolean NOT NULL DEFAULT false,
        priority text NOT NULL,
        status text NOT NULL,
        assigned_to uuid,
        labels jsonb NOT NULL DEFAULT '[]'::jsonb,
        attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
        message_id text
      )`);
    await queryRunner.query(
      `CREATE INDEX inbox_email_team_received_idx ON inbox_email (team_id, received_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX inbox_email_team_assigned_idx ON inbox_email (team_id, assigned_to, received_at DESC) WHERE assigned_to IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE inbox_email`);
    await queryRunner.query(`DROP TABLE teams`);
    await queryRunner.query(`DROP TABLE users`);
  }
}

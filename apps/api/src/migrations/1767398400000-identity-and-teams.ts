import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Session versions of users (ended sessions) and the invitations of teams. */
export class IdentityAndTeams1767398400000 implements MigrationInterface {
  name = 'IdentityAndTeams1767398400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      CREATE TABLE team_invitations (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        email text NOT NULL,
        token_hash text NOT NULL,
        status text NOT NULL,
        expires_at timestamptz NOT NULL,
        invited_by uuid NOT NULL,
        sent_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX team_invitations_token_hash_key ON team_invitations (token_hash)`);
    await queryRunner.query(`CREATE INDEX team_invitations_team_idx ON team_invitations (team_id, sent_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE team_invitations`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN session_version`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The inbox row's star: which member starred which of the team's emails. */
export class EmailStars1768200000000 implements MigrationInterface {
  name = 'EmailStars1768200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE email_star (
        user_id uuid NOT NULL,
        email_id uuid NOT NULL,
        team_id uuid NOT NULL,
        starred_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, email_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE email_star');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rules on a budget: the engine's record of an email names the rules stopped on it as too slow, and `rule_too_slow`
 * flags each such rule for the rules screen (its last email, when, how often, and a digest of the conditions it had then: an edit of them clears the flag).
 */
export class RulesOnABudget1770000000300 implements MigrationInterface {
  name = 'RulesOnABudget1770000000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE rule_engine_email ADD COLUMN too_slow jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`
      CREATE TABLE rule_too_slow (
        rule_id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        email_id uuid NOT NULL,
        conditions_md5 text NOT NULL,
        times integer NOT NULL,
        stopped_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX rule_too_slow_team ON rule_too_slow (team_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rule_too_slow`);
    await queryRunner.query(`ALTER TABLE rule_engine_email DROP COLUMN too_slow`);
  }
}

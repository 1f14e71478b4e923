import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The teams' SLA policies (projection `sla-policies` of the service-levels context): one row per team with its
 * policies in the order they are tried and the version of its stream `sla-policies-<teamId>`.
 */
export class SlaPolicies1770000002100 implements MigrationInterface {
  name = 'SlaPolicies1770000002100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sla_policies (
        team_id uuid PRIMARY KEY,
        policies jsonb NOT NULL DEFAULT '[]'::jsonb,
        version integer NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE sla_policies');
  }
}

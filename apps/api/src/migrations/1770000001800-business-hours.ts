import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The teams' business hours (projection `business-hours` of the service-levels context): one row per team that saved
 * them, with the version of its stream `business-hours-<teamId>`. A team without a row runs in calendar time.
 */
export class BusinessHours1770000001800 implements MigrationInterface {
  name = 'BusinessHours1770000001800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE business_hours (
        team_id uuid PRIMARY KEY,
        enabled boolean NOT NULL,
        time_zone text NOT NULL,
        weekly jsonb NOT NULL,
        holidays jsonb NOT NULL DEFAULT '[]'::jsonb,
        version integer NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE business_hours');
  }
}

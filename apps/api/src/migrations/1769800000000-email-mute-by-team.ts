import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mutes by team: the notification decision asks, for each batch of new mail, whether anyone in the team muted an
 * email (only then does it wait for the new mail's conversations).
 */
export class EmailMuteByTeam1769800000000 implements MigrationInterface {
  name = 'EmailMuteByTeam1769800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX email_mute_team_idx ON email_mute (team_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX email_mute_team_idx`);
  }
}

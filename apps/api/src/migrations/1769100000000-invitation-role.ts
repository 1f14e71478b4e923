import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The role an invitation gives on joining (projection `team-invitations`); rows from before it read as MEMBER. */
export class InvitationRole1769100000000 implements MigrationInterface {
  name = 'InvitationRole1769100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE team_invitations ADD COLUMN role text NOT NULL DEFAULT 'MEMBER'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE team_invitations DROP COLUMN role');
  }
}

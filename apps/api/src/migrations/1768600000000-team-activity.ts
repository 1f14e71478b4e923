import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The team's activity log (projection `team-activity`): one row per change a person reads on the Team Activity
 * screen, newest first per team; and what the projection keeps about subjects for later entries (a label's name for
 * its deletion, a reply's entry for its delivery, a mailbox's last settings for the next update's changes).
 */
export class TeamActivity1768600000000 implements MigrationInterface {
  name = 'TeamActivity1768600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE team_activity (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        type text NOT NULL,
        email_id uuid,
        member_user_id uuid,
        actor_user_id uuid,
        actor_kind text NOT NULL,
        actor_rule_id uuid,
        actor_rule_name text,
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL,
        seq bigint NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX team_activity_newest ON team_activity (team_id, created_at DESC, seq DESC)');
    await queryRunner.query(`
      CREATE TABLE team_activity_memo (
        team_id uuid NOT NULL,
        key text NOT NULL,
        entry_id uuid NOT NULL,
        details jsonb NOT NULL,
        hidden jsonb,
        PRIMARY KEY (team_id, key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE team_activity_memo');
    await queryRunner.query('DROP TABLE team_activity');
  }
}

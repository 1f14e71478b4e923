import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The team's audit trail (projection `team-audit`): one row per event of a team, its payload without secrets, read
 * newest first per team and filtered by time range, actor (member or rule), event type and email.
 */
export class TeamAudit1769300000000 implements MigrationInterface {
  name = 'TeamAudit1769300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE team_audit (
        event_id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        stream_id text NOT NULL,
        stream_version integer NOT NULL,
        type text NOT NULL,
        occurred_at timestamptz NOT NULL,
        seq bigint NOT NULL,
        actor_kind text NOT NULL,
        actor_user_id uuid,
        actor_rule_id uuid,
        actor_rule_name text,
        email_id uuid,
        correlation_id text,
        causation_id text,
        payload jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await queryRunner.query('CREATE INDEX team_audit_newest ON team_audit (team_id, occurred_at DESC, seq DESC)');
    await queryRunner.query(
      `CREATE INDEX team_audit_actor ON team_audit (team_id, actor_user_id, occurred_at DESC, seq DESC)
        WHERE actor_user_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX team_audit_rule ON team_audit (team_id, actor_rule_id, occurred_at DESC, seq DESC)
        WHERE actor_rule_id IS NOT NULL`,
    );
    await queryRunner.query('CREATE INDEX team_audit_type ON team_audit (team_id, type, occurred_at DESC, seq DESC)');
    await queryRunner.query(
      `CREATE INDEX team_audit_email ON team_audit (team_id, email_id, occurred_at DESC, seq DESC)
        WHERE email_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE team_audit');
  }
}

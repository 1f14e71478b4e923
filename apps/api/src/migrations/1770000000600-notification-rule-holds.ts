import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications' own view of the rules that can suppress notifications (kept from the rule events it receives,
 * started from the rules there are now) and the new-mail notifications it holds until the rules engine has evaluated
 * the email (EmailRulesEvaluated).
 */
export class NotificationRuleHolds1770000000600 implements MigrationInterface {
  name = 'NotificationRuleHolds1770000000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notification_rule (
        rule_id uuid NOT NULL CONSTRAINT notification_rule_pkey PRIMARY KEY,
        team_id uuid NOT NULL,
        enabled boolean NOT NULL,
        suppressing boolean NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX notification_rule_team_idx ON notification_rule (team_id)`);
    await queryRunner.query(`
      INSERT INTO notification_rule (rule_id, team_id, enabled, suppressing)
      SELECT id, team_id, enabled, suppress_notifications FROM rule`);
    await queryRunner.query(`
      CREATE TABLE notification_held_email (
        cause_event_id uuid NOT NULL CONSTRAINT notification_held_email_pkey PRIMARY KEY,
        team_id uuid NOT NULL,
        email_id uuid NOT NULL,
        held_at timestamptz NOT NULL DEFAULT now(),
        evaluated boolean NOT NULL DEFAULT false,
        suppressed boolean NOT NULL DEFAULT false,
        released_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX notification_held_email_email_idx ON notification_held_email (email_id)`);
    await queryRunner.query(
      `CREATE INDEX notification_held_email_pending_idx ON notification_held_email (held_at) WHERE released_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notification_held_email`);
    await queryRunner.query(`DROP TABLE notification_rule`);
  }
}

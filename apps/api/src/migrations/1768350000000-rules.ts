import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automatic rules: the team's rules (`rule`), what each matched on an email (`email_rule_match`), the rules engine's
 * record of the emails it handled (`rule_engine_email`), who acted in the action log (a member, a rule or the
 * system, and the entry's place in the log: the events of one append share their time), an index for the last responder's "replied to the same sender", and each folder's first-sync boundary.
 */
export class Rules1768350000000 implements MigrationInterface {
  name = 'Rules1768350000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rule (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        name text NOT NULL,
        enabled boolean NOT NULL,
        priority integer NOT NULL,
        match_mode text NOT NULL,
        conditions jsonb NOT NULL,
        actions jsonb NOT NULL,
        suppress_notifications boolean NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX rule_team_idx ON rule (team_id, priority, id)`);
    await queryRunner.query(`
      CREATE TABLE email_rule_match (
        email_id uuid NOT NULL,
        rule_id uuid NOT NULL,
        team_id uuid NOT NULL,
        rule_name text NOT NULL,
        match_mode text NOT NULL,
        conditions jsonb NOT NULL,
        actions jsonb NOT NULL,
        suppress_notifications boolean NOT NULL,
        applied_at timestamptz NOT NULL,
        seq bigint NOT NULL,
        PRIMARY KEY (email_id, rule_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE rule_engine_email (
        email_id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        outcome text NOT NULL,
        matched integer NOT NULL,
        handled_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `ALTER TABLE email_action ADD COLUMN actor_kind text, ADD COLUMN actor_rule_id uuid, ADD COLUMN actor_rule_name text,
         ADD COLUMN seq bigint`,
    );
    await queryRunner.query(`CREATE INDEX inbox_email_sender_idx ON inbox_email (team_id, lower(from_email))`);
    // Up to which UID a folder's mail is old mail of its first synchronisation (0: folders synced before).
    await queryRunner.query(`ALTER TABLE mailbox_folder_state ADD COLUMN first_sync_until_uid bigint`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE mailbox_folder_state DROP COLUMN first_sync_until_uid`);
    await queryRunner.query(`DROP INDEX inbox_email_sender_idx`);
    await queryRunner.query(
      `ALTER TABLE email_action DROP COLUMN actor_kind, DROP COLUMN actor_rule_id, DROP COLUMN actor_rule_name,
         DROP COLUMN seq`,
    );
    await queryRunner.query(`DROP TABLE rule_engine_email`);
    await queryRunner.query(`DROP TABLE email_rule_match`);
    await queryRunner.query(`DROP TABLE rule`);
  }
}

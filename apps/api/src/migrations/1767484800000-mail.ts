import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Team mailbox configuration (read model), its operational status, IMAP sync state, raw sources, attachments
 * and the threads of emails (read model).
 */
export class Mail1767484800000 implements MigrationInterface {
  name = 'Mail1767484800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE mailbox_config (
        team_id uuid PRIMARY KEY,
        settings jsonb NOT NULL,
        is_active boolean NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE mailbox_status (
        team_id uuid PRIMARY KEY,
        last_sync_at timestamptz,
        last_error text,
        last_error_at timestamptz,
        sync_total integer,
        sync_done integer
      )`);
    await queryRunner.query(`
      CREATE TABLE mailbox_folder_state (
        team_id uuid NOT NULL,
        folder text NOT NULL,
        uidvalidity bigint NOT NULL,
        last_uid bigint NOT NULL,
        PRIMARY KEY (team_id, folder)
      )`);
    await queryRunner.query(`
      CREATE TABLE mail_message_key (
        team_id uuid NOT NULL,
        dedupe_key text NOT NULL,
        email_id uuid NOT NULL,
        PRIMARY KEY (team_id, dedupe_key)
      )`);
    await queryRunner.query(`
      CREATE TABLE raw_message (
        email_id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        source bytea NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE attachment (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        email_id uuid NOT NULL,
        filename text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL,
        content bytea NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX attachment_email_idx ON attachment (team_id, email_id)`);
    await queryRunner.query(`
      CREATE TABLE email_thread (
        email_id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        message_id text,
        in_reply_to text,
        refs text[] NOT NULL,
        thread_id uuid NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX email_thread_message_idx ON email_thread (team_id, message_id)`);
    await queryRunner.query(`CREATE INDEX email_thread_thread_idx ON email_thread (team_id, thread_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'email_thread',
      'attachment',
      'raw_message',
      'mail_message_key',
      'mailbox_folder_state',
      'mailbox_status',
      'mailbox_config',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}

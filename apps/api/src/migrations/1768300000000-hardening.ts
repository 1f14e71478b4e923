import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hardening of ingestion and the read side:
 * - inbox_email keeps the HTML sanitised at ingestion (`html_safe`; rows projected before stay raw and are sanitised
 *   when read until the inbox-email projection is rebuilt), the remote images it blocked, and the Date header as
 *   written when the server's date had to be used instead.
 * - mail_quarantine: the messages that could not be imported, for ADMIN and MAINTAINER (projection mail-quarantine).
 * - projection_parked_event: the projection runner's dead letters (an event a subscriber could not handle, with the
 *   error, and the later events of its stream held behind it), replayed by `npm run replay-parked -- <name>`.
 * - mail_oauth_state.binding_hash: the hash of the cookie that binds a mailbox OAuth consent to its browser.
 */
export class Hardening1768300000000 implements MigrationInterface {
  name = 'Hardening1768300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE inbox_email
        ADD COLUMN html_safe boolean NOT NULL DEFAULT false,
        ADD COLUMN remote_images integer NOT NULL DEFAULT 0,
        ADD COLUMN date_header text`);
    await queryRunner.query(`
      CREATE TABLE mail_quarantine (
        email_id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        folder text NOT NULL,
        uid bigint NOT NULL,
        uidvalidity numeric(20),
        reason text NOT NULL,
        size bigint,
        has_source boolean NOT NULL,
        attempts integer NOT NULL,
        quarantined_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX mail_quarantine_team_idx ON mail_quarantine (team_id, quarantined_at DESC)');
    await queryRunner.query(`
      CREATE TABLE projection_parked_event (
        projection text NOT NULL,
        event_id uuid NOT NULL,
        stream_id text NOT NULL,
        stream_version integer NOT NULL,
        event_type text NOT NULL,
        commit numeric(20) NOT NULL,
        prepare numeric(20) NOT NULL,
        error text NOT NULL,
        attempts integer NOT NULL,
        parked_at timestamptz NOT NULL,
        PRIMARY KEY (projection, event_id)
      )`);
    await queryRunner.query('ALTER TABLE mail_oauth_state ADD COLUMN binding_hash text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE mail_oauth_state DROP COLUMN binding_hash');
    await queryRunner.query('DROP TABLE projection_parked_event');
    await queryRunner.query('DROP TABLE mail_quarantine');
    await queryRunner.query(`
      ALTER TABLE inbox_email DROP COLUMN html_safe, DROP COLUMN remote_images, DROP COLUMN date_header`);
  }
}

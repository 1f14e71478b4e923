import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read models of the team's work on emails: labels, comments, the action log, reply drafts and replies, per-user
 * mutes and preferences; plus the inbox indexes for folders, filters and full-text search.
 */
export class Collaboration1767830400000 implements MigrationInterface {
  name = 'Collaboration1767830400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE email_label (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        name text NOT NULL,
        color text NOT NULL,
        background_color text NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX email_label_team_name_key ON email_label (team_id, lower(name))`);

    await queryRunner.query(`
      CREATE TABLE email_comment (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        email_id uuid NOT NULL,
        user_id uuid NOT NULL,
        message text NOT NULL,
        mentions jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL,
        updated_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX email_comment_email_idx ON email_comment (team_id, email_id, created_at)`);

    await queryRunner.query(`
      CREATE TABLE email_action (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        email_id uuid NOT NULL,
        type text NOT NULL,
        actor_user_id uuid,
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX email_action_email_idx ON email_action (team_id, email_id, created_at)`);

    // Drafts (status DRAFT) and replies handed to the outbox (QUEUED, SENT, FAILED), one row per reply id.
    await queryRunner.query(`
      CREATE TABLE email_reply (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        email_id uuid NOT NULL,
        author_id uuid NOT NULL,
        status text NOT NULL,
        from_address text,
        "to" jsonb NOT NULL DEFAULT '[]'::jsonb,
        cc jsonb NOT NULL DEFAULT '[]'::jsonb,
        bcc jsonb NOT NULL DEFAULT '[]'::jsonb,
        subject text NOT NULL DEFAULT '',
        body text NOT NULL DEFAULT '',
        html_body text,
        is_reply_to_all boolean NOT NULL DEFAULT false,
        message_id text,
        attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
        error text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz,
        sent_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX email_reply_email_idx ON email_reply (team_id, email_id, created_at)`);

    await queryRunner.query(`
      CREATE TABLE email_mute (
        email_id uuid NOT NULL,
        user_id uuid NOT NULL,
        team_id uuid NOT NULL,
        PRIMARY KEY (email_id, user_id)
      )`);

    await queryRunner.query(`
      CREATE TABLE user_preferences (
        user_id uuid PRIMARY KEY,
        email_detail_view_mode text NOT NULL DEFAULT 'classic',
        on_vacation boolean NOT NULL DEFAULT false
      )`);

    // Labels as a uuid[] (GIN-indexable with @>), replacing the jsonb list of the first read model.
    await queryRunner.query(`ALTER TABLE inbox_email DROP COLUMN labels`);
    await queryRunner.query(`ALTER TABLE inbox_email ADD COLUMN labels uuid[] NOT NULL DEFAULT '{}'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE inbox_email DROP COLUMN labels`);
    await queryRunner.query(`ALTER TABLE inbox_email ADD COLUMN labels jsonb NOT NULL DEFAULT '[]'::jsonb`);
    for (const table of [
      'user_preferences',
      'email_mute',
      'email_reply',
      'email_action',
      'email_comment',
      'email_label',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}

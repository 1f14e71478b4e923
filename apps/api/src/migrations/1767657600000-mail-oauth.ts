import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pending mailbox OAuth2 consents: one row per authorization URL handed out, keyed by the SHA-256 of its
 * `state`, holding the PKCE verifier sealed; a callback consumes its row once. Tokens live sealed in the
 * mailbox settings (events and `mailbox_config`), never here.
 */
export class MailOAuth1767657600000 implements MigrationInterface {
  name = 'MailOAuth1767657600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE mail_oauth_state (
        state_hash text PRIMARY KEY,
        team_id uuid NOT NULL,
        user_id uuid NOT NULL,
        provider text NOT NULL,
        verifier_sealed text NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX mail_oauth_state_expires_idx ON mail_oauth_state (expires_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE mail_oauth_state');
  }
}

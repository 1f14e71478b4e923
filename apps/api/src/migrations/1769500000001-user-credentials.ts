import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password hashes leave the read model (and the events' readers): `user_credential` holds them, filled here from
 * `users.password_hash` (the current hash of each account as the events had set it; an empty hash, "no password",
 * gives no row). The events stored before keep their `passwordHash` field; nothing reads it any more.
 */
export class UserCredentials1769500000001 implements MigrationInterface {
  name = 'UserCredentials1769500000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_credential (
        user_id uuid PRIMARY KEY,
        password_hash text NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `INSERT INTO user_credential (user_id, password_hash) SELECT id, password_hash FROM users WHERE password_hash <> ''`,
    );
    await queryRunner.query('ALTER TABLE users DROP COLUMN password_hash');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN password_hash text NOT NULL DEFAULT ''`);
    await queryRunner.query(
      'UPDATE users u SET password_hash = c.password_hash FROM user_credential c WHERE c.user_id = u.id',
    );
    await queryRunner.query('ALTER TABLE users ALTER COLUMN password_hash DROP DEFAULT');
    await queryRunner.query('DROP TABLE user_credential');
  }
}

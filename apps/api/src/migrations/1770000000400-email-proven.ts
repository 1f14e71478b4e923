import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `users.email_proven_at`: when the account's address was proven. Accounts that existed before are proven where the
 * log shows it (the same rules as the users projection): a registration with an invitation (`UserRegistered` with
 * `emailProven`), a login link's first use (`UserEmailProven`), or an accepted invitation (`InvitationAccepted`).
 * Every other account stays unproven until its owner signs in with a login link.
 */
export class EmailProven1770000000400 implements MigrationInterface {
  name = 'EmailProven1770000000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN email_proven_at timestamptz`);
    await queryRunner.query(`
      UPDATE users u SET email_proven_at = p.proven_at
      FROM (
        SELECT data->>'userId' AS user_id, min((metadata->>'occurredAt')::timestamptz) AS proven_at
        FROM events
        WHERE (type = 'UserRegistered' AND data->>'emailProven' = 'true')
           OR type IN ('UserEmailProven', 'InvitationAccepted')
        GROUP BY data->>'userId'
      ) p
      WHERE u.id::text = p.user_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN email_proven_at`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Erased accounts: their address reads "[erased]" in `users`, and several accounts may be erased, so the address is
 * unique only among the accounts that still have one.
 */
export class ErasedAccounts1769600000100 implements MigrationInterface {
  name = 'ErasedAccounts1769600000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX users_email_key`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_key ON users (email) WHERE email <> '[erased]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX users_email_key`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);
  }
}

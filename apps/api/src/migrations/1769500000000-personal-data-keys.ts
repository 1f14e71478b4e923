import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The data subjects' keys (crypto-shredding of personal data in events): one per team and subject, sealed with
 * SECRETS_KEY. An erasure deletes the subject's rows.
 */
export class PersonalDataKeys1769500000000 implements MigrationInterface {
  name = 'PersonalDataKeys1769500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE personal_data_key (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        subject_id text NOT NULL,
        sealed_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (team_id, subject_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE personal_data_key');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A person's inbox list density (comfortable or compact), kept with the other preferences; comfortable until chosen. */
export class ListDensity1770000000800 implements MigrationInterface {
  name = 'ListDensity1770000000800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE user_preferences ADD COLUMN list_density text NOT NULL DEFAULT 'comfortable'
         CHECK (list_density IN ('comfortable', 'compact'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE user_preferences DROP COLUMN list_density`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A person's undo window for sends (0 to 30 seconds), kept with the other preferences; null: the server's default. */
export class UndoSendWindow1770000001300 implements MigrationInterface {
  name = 'UndoSendWindow1770000001300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE user_preferences ADD COLUMN undo_send_seconds integer
         CHECK (undo_send_seconds BETWEEN 0 AND 30)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE user_preferences DROP COLUMN undo_send_seconds`);
  }
}

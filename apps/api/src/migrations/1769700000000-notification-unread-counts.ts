import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each user's number of unread notifications, kept by the notification list as it inserts and marks them read: the
 * bell's count is read by key instead of counted over the user's unread rows (during a burst the count is pushed
 * several times a second, and each count read thousands of rows).
 */
export class NotificationUnreadCounts1769700000000 implements MigrationInterface {
  name = 'NotificationUnreadCounts1769700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notification_unread_count (
        user_id uuid PRIMARY KEY,
        unread integer NOT NULL CHECK (unread >= 0)
      )`);
    await queryRunner.query(`
      INSERT INTO notification_unread_count (user_id, unread)
      SELECT user_id, count(*) FROM notification WHERE NOT read GROUP BY user_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notification_unread_count`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The recipients of one `NotificationsCreated` share their notification's id (the event's): a notification is the
 * user's and its id together. Rows of notifications recorded before keep the ids they had, one per recipient.
 */
export class NotificationSharedIds1769900000000 implements MigrationInterface {
  name = 'NotificationSharedIds1769900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notification DROP CONSTRAINT notification_pkey`);
    await queryRunner.query(`ALTER TABLE notification ADD CONSTRAINT notification_pkey PRIMARY KEY (user_id, id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notification DROP CONSTRAINT notification_pkey`);
    await queryRunner.query(`ALTER TABLE notification ADD CONSTRAINT notification_pkey PRIMARY KEY (id)`);
  }
}

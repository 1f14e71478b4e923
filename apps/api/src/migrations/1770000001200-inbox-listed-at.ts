import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The folders' partial indexes in the list's order, with their conditions (see the migrations that made them). */
const FOLDER_INDEXES: { name: string; key: string; where?: string }[] = [
  { name: 'inbox', key: 'team_id, $order DESC, id DESC', where: 'NOT is_archived AND NOT is_spam' },
  {
    name: 'unread',
    key: 'team_id, $order DESC, id DESC',
    where: 'NOT is_archived AND NOT is_spam AND read_at IS NULL AND read_by IS NULL',
  },
  { name: 'archived', key: 'team_id, $order DESC, id DESC', where: 'is_archived AND NOT is_spam' },
  { name: 'spam', key: 'team_id, $order DESC, id DESC', where: 'is_spam' },
  { name: 'assignee', key: 'team_id, assigned_to, $order DESC, id DESC' },
  {
    name: 'unassigned',
    key: 'team_id, $order DESC, id DESC',
    where: 'assigned_to IS NULL AND NOT is_archived AND NOT is_spam',
  },
  { name: 'snoozed', key: 'team_id, $order DESC, id DESC', where: 'snoozed_until IS NOT NULL AND NOT is_spam' },
];

/**
 * A woken email is on top of its folder: `inbox_email.woken_at` (its last wake-up, null when it never woke) and
 * `listed_at` = the later of `received_at` and `woken_at`, the lists' order. The folders' indexes walk `listed_at`
 * instead of `received_at`. Emails woken before this migration keep their place until the projection is rebuilt.
 */
export class InboxListedAt1770000001200 implements MigrationInterface {
  name = 'InboxListedAt1770000001200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE inbox_email ADD COLUMN woken_at timestamptz`);
    await queryRunner.query(
      `ALTER TABLE inbox_email ADD COLUMN listed_at timestamptz GENERATED ALWAYS AS (GREATEST(received_at, woken_at)) STORED`,
    );
    await this.indexFolders(queryRunner, 'listed_at');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.indexFolders(queryRunner, 'received_at');
    await queryRunner.query(`ALTER TABLE inbox_email DROP COLUMN listed_at`);
    await queryRunner.query(`ALTER TABLE inbox_email DROP COLUMN woken_at`);
  }

  private async indexFolders(queryRunner: QueryRunner, order: 'listed_at' | 'received_at'): Promise<void> {
    for (const { name, key, where } of FOLDER_INDEXES) {
      await queryRunner.query(`DROP INDEX inbox_email_${name}_idx`);
      await queryRunner.query(
        `CREATE INDEX inbox_email_${name}_idx ON inbox_email (${key.replace('$order', order)})${where ? ` WHERE ${where}` : ''}`,
      );
    }
  }
}

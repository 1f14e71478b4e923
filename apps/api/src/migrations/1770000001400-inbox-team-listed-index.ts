import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The team-wide indexes of `inbox_email` in the lists' order (`listed_at`, see InboxListedAt1770000001200), as the
 * folders' indexes already are: a list or search without a folder (`/api/emails/search`) walked `received_at` and,
 * ordered by `listed_at`, fell back to scanning the whole table.
 */
export class InboxTeamListedIndex1770000001400 implements MigrationInterface {
  name = 'InboxTeamListedIndex1770000001400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.index(queryRunner, 'listed_at');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.index(queryRunner, 'received_at');
  }

  private async index(queryRunner: QueryRunner, order: 'listed_at' | 'received_at'): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS inbox_email_team_received_idx`);
    await queryRunner.query(`DROP INDEX IF EXISTS inbox_email_team_listed_idx`);
    await queryRunner.query(`DROP INDEX IF EXISTS inbox_email_team_assigned_idx`);
    const name = order === 'listed_at' ? 'inbox_email_team_listed_idx' : 'inbox_email_team_received_idx';
    await queryRunner.query(`CREATE INDEX ${name} ON inbox_email (team_id, ${order} DESC, id DESC)`);
    await queryRunner.query(
      `CREATE INDEX inbox_email_team_assigned_idx ON inbox_email (team_id, assigned_to, ${order} DESC) WHERE assigned_to IS NOT NULL`,
    );
  }
}

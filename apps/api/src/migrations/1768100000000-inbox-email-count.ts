import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exact inbox counts without counting rows: `inbox_email_count` holds, per team, how many emails are in each
 * (box, label, assignee, unread) combination — box 'inbox', 'archived' or 'spam' (spam wins), label_id the nil uuid
 * for "any label" (an email with k labels counts under k + 1 label keys), assigned_to the nil uuid for unassigned.
 * The inbox projection keeps it in the transaction that changes `inbox_email`; here it is filled from the rows
 * already projected. Also a partial index for unassigned mail in list order.
 */
export class InboxEmailCount1768100000000 implements MigrationInterface {
  name = 'InboxEmailCount1768100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE inbox_email_count (
        team_id uuid NOT NULL,
        box text NOT NULL,
        label_id uuid NOT NULL,
        assigned_to uuid NOT NULL,
        unread boolean NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (team_id, box, label_id, assigned_to, unread)
      )`);
    await queryRunner.query(`
      INSERT INTO inbox_email_count (team_id, box, label_id, assigned_to, unread, n)
      SELECT e.team_id, e.box, l.label_id, e.assigned_to, e.unread, count(*)
        FROM (SELECT team_id, labels,
                     CASE WHEN is_spam THEN 'spam' WHEN is_archived THEN 'archived' ELSE 'inbox' END AS box,
                     COALESCE(assigned_to, '00000000-0000-0000-0000-000000000000'::uuid) AS assigned_to,
                     read_at IS NULL AND read_by IS NULL AS unread
                FROM inbox_email) e
       CROSS JOIN LATERAL (SELECT DISTINCT label_id
                             FROM unnest(array_prepend('00000000-0000-0000-0000-000000000000'::uuid, e.labels)) AS u(label_id)) l
       GROUP BY 1, 2, 3, 4, 5`);
    await queryRunner.query(
      `CREATE INDEX inbox_email_unassigned_idx ON inbox_email (team_id, received_at DESC, id DESC)
        WHERE assigned_to IS NULL AND NOT is_archived AND NOT is_spam`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX inbox_email_unassigned_idx`);
    await queryRunner.query(`DROP TABLE inbox_email_count`);
  }
}

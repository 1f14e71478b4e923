import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A forward's entry in the team's activity log is an EMAIL_FORWARDED entry, no longer a REPLY_SENT one: the entries
 * the projection wrote for forwards before are given the type it writes now (as a rebuild would).
 */
export class ForwardActivity1770000000900 implements MigrationInterface {
  name = 'ForwardActivity1770000000900';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE team_activity a SET type = 'EMAIL_FORWARDED'
         FROM events e
        WHERE e.event_id = a.id AND e.type = 'ReplyQueued' AND e.data->>'kind' = 'forward' AND a.type = 'REPLY_SENT'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE team_activity SET type = 'REPLY_SENT' WHERE type = 'EMAIL_FORWARDED'`);
  }
}

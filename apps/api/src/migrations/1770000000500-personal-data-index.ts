import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Erasure without a scan of the log nor one long transaction: which events hold fields sealed with which key (written
 * by each append), the progress of indexing a log written before (`personal_data_index_backfill`, one row), and the
 * erasures under way (`personal_data_erasure`: the keys deleted, the position of the erasure, and how far the rewrite
 * of the read models went, page by page).
 */
export class PersonalDataIndex1770000000500 implements MigrationInterface {
  name = 'PersonalDataIndex1770000000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE personal_data_key_event (
        key_id uuid NOT NULL,
        event_id uuid NOT NULL,
        stream_id text NOT NULL,
        CONSTRAINT personal_data_key_event_pkey PRIMARY KEY (key_id, event_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE personal_data_index_backfill (
        id integer PRIMARY KEY CHECK (id = 1),
        after_commit numeric NOT NULL,
        after_prepare numeric NOT NULL,
        done boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE personal_data_erasure (
        event_id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        key_ids uuid[] NOT NULL,
        position_commit numeric NOT NULL,
        position_prepare numeric NOT NULL,
        cursor_event_id uuid,
        events_rewritten integer NOT NULL DEFAULT 0,
        requested_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX personal_data_erasure_pending_idx ON personal_data_erasure (requested_at) WHERE finished_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE personal_data_erasure');
    await queryRunner.query('DROP TABLE personal_data_index_backfill');
    await queryRunner.query('DROP TABLE personal_data_key_event');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event store (events, streams, the append function) and the checkpoints of projections and
 * reactions. See docs/adr/0001-event-store.md for the reasoning.
 */
export class EventStore1767225600000 implements MigrationInterface {
  name = 'EventStore1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE events_global_position_seq AS bigint`);
    await queryRunner.query(`
      CREATE TABLE events (
        global_position bigint NOT NULL DEFAULT nextval('events_global_position_seq'),
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        event_id uuid NOT NULL,
        stream_id text NOT NULL,
        stream_version integer NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_pkey PRIMARY KEY (stream_id, stream_version),
        CONSTRAINT events_event_id_key UNIQUE (event_id)
      )`);
    await queryRunner.query(`ALTER SEQUENCE events_global_position_seq OWNED BY events.global_position`);
    // Log order for readers: (transaction_id, global_position).
    await queryRunner.query(`CREATE INDEX events_log_order_idx ON events (transaction_id, global_position)`);
    await queryRunner.query(`
      CREATE TABLE streams (
        stream_id text NOT NULL CONSTRAINT streams_pkey PRIMARY KEY,
        version integer NOT NULL
      )`);
    // One round trip per append. p_expected: -1 any, 0 no stream, n > 0 the stream's current version.
    // Outcomes: 'appended' | 'duplicate' (every event id already stored in this stream) | 'conflict' |
    // 'overlap' (some, not all, event ids already stored, or stored in another stream).
    await queryRunner.query(`
      CREATE FUNCTION es_append(p_stream_id text, p_expected integer, p_events jsonb)
      RETURNS TABLE (outcome text, stream_version integer, commit_position text, prepare_position text)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_count integer := jsonb_array_length(p_events);
        v_ids uuid[];
        v_stored integer;
        v_same_stream integer;
        v_version integer;
      BEGIN
        SELECT array_agg((x->>'eventId')::uuid) INTO v_ids FROM jsonb_array_elements(p_events) AS x;
        SELECT count(*), count(*) FILTER (WHERE e.stream_id = p_stream_id) INTO v_stored, v_same_stream
          FROM events e WHERE e.event_id = ANY (v_ids);
        IF v_stored > 0 THEN
          IF v_stored = v_count AND v_same_stream = v_count THEN
            RETURN QUERY
              SELECT 'duplicate'::text, s.version, e.transaction_id::text, e.global_position::text
              FROM events e JOIN streams s ON s.stream_id = e.stream_id
              WHERE e.event_id = ANY (v_ids)
              ORDER BY e.stream_version DESC LIMIT 1;
          ELSE
            RETURN QUERY SELECT 'overlap'::text, s.version, NULL::text, NULL::text
              FROM (SELECT 1) AS one LEFT JOIN streams s ON s.stream_id = p_stream_id;
          END IF;
          RETURN;
        END IF;

        IF p_expected < 0 THEN
          INSERT INTO streams AS s (stream_id, version) VALUES (p_stream_id, v_count)
            ON CONFLICT (stream_id) DO UPDATE SET version = s.version + v_count
            RETURNING s.version INTO v_version;
        ELSIF p_expected = 0 THEN
          INSERT INTO streams AS s (stream_id, version) VALUES (p_stream_id, v_count)
            ON CONFLICT (stream_id) DO NOTHING
            RETURNING s.version INTO v_version;
        ELSE
          UPDATE streams AS s SET version = p_expected + v_count
            WHERE s.stream_id = p_stream_id AND s.version = p_expected
            RETURNING s.version INTO v_version;
        END IF;

        IF v_version IS NULL THEN
          RETURN QUERY SELECT 'conflict'::text, s.version, NULL::text, NULL::text
            FROM (SELECT 1) AS one LEFT JOIN streams s ON s.stream_id = p_stream_id;
          RETURN;
        END IF;

        RETURN QUERY
          WITH inserted AS (
            INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata)
            SELECT (x.value->>'eventId')::uuid, p_stream_id, v_version - v_count + x.ordinality::integer,
                   x.value->>'type', x.value->'data', x.value->'metadata'
            FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(value, ordinality)
            ORDER BY x.ordinality
            RETURNING events.transaction_id, events.global_position, events.stream_version
          )
          SELECT 'appended'::text, v_version, i.transaction_id::text, i.global_position::text
          FROM inserted i ORDER BY i.stream_version DESC LIMIT 1;
      END
      $fn$`);
    await queryRunner.query(`
      CREATE TABLE projection_checkpoints (
        name text NOT NULL CONSTRAINT projection_checkpoints_pkey PRIMARY KEY,
        commit numeric(20, 0) NOT NULL DEFAULT 0,
        prepare numeric(20, 0) NOT NULL DEFAULT 0,
        after_commit_commit numeric(20, 0),
        after_commit_prepare numeric(20, 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE projection_checkpoints`);
    await queryRunner.query(`DROP FUNCTION es_append(text, integer, jsonb)`);
    await queryRunner.query(`DROP TABLE streams`);
    await queryRunner.query(`DROP TABLE events`);
  }
}

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
    // Idempotency of one append (p_events: its JSON array of events): NULL when none of its event ids is
    // stored; 'duplicate' with the stream's version and the position of the append's last event when all
    // of them are stored in this stream; else 'overlap' (some stored, or stored in another stream).
    await queryRunner.query(`
      CREATE FUNCTION es_stored_outcome(p_stream_id text, p_events jsonb,
        OUT outcome text, OUT version integer, OUT commit_position text, OUT prepare_position text)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_ids uuid[] := ARRAY(SELECT (x->>'eventId')::uuid FROM jsonb_array_elements(p_events) AS x);
        v_stored integer;
        v_same_stream integer;
      BEGIN
        SELECT count(*), count(*) FILTER (WHERE e.stream_id = p_stream_id) INTO v_stored, v_same_stream
          FROM events e WHERE e.event_id = ANY (v_ids);
        IF v_stored = 0 THEN
          RETURN;
        END IF;
        IF v_stored = cardinality(v_ids) AND v_same_stream = v_stored THEN
          SELECT 'duplicate', s.version, e.transaction_id::text, e.global_position::text
            INTO outcome, version, commit_position, prepare_position
            FROM events e JOIN streams s ON s.stream_id = e.stream_id
            WHERE e.event_id = ANY (v_ids)
            ORDER BY e.stream_version DESC LIMIT 1;
        ELSE
          outcome := 'overlap';
          version := (SELECT s.version FROM streams s WHERE s.stream_id = p_stream_id);
        END IF;
      END
      $fn$`);
    // Group commit: ONE call (one round trip, one transaction, one WAL flush) applies a batch of appends,
    // each with its own checks and its own result row, in the order given (the adapter sorts them by
    // stream id, so concurrent batches lock streams rows in the same order and cannot deadlock).
    // p_expected[i]: -1 any, 0 no stream, n > 0 the stream's current version. p_events: a JSON array with
    // one array of events per append. Outcome per append: 'appended' | 'duplicate' | 'overlap' (see
    // es_stored_outcome) | 'conflict'. A conflict never raises: the other appends of the batch go on.
    // Idempotency costs nothing on the happy path: the ids are looked up only when the version check
    // fails (a retried command usually carries a stale expected version). A stored id that passes the
    // version check (expected version 'any', or a retry racing its original) makes the INSERT fail on
    // UNIQUE(event_id): the whole call rolls back and the adapter calls again with p_check_stored, which
    // looks up every append's ids before its version check.
    await queryRunner.query(`
      CREATE FUNCTION es_append_batch(p_stream_ids text[], p_expected integer[], p_events jsonb, p_check_stored boolean)
      RETURNS TABLE (r_outcome text, r_version integer, r_commit text, r_prepare text)
      LANGUAGE plpgsql
      -- Its statements are the same for every call: planning them each time costs about a third.
      SET plan_cache_mode = force_generic_plan
      AS $fn$
      DECLARE
        v_n integer := cardinality(p_stream_ids);
        v_outcome text[] := array_fill(NULL::text, ARRAY[v_n]);
        v_version integer[] := array_fill(NULL::integer, ARRAY[v_n]);
        v_commit text[] := array_fill(NULL::text, ARRAY[v_n]);
        v_prepare text[] := array_fill(NULL::text, ARRAY[v_n]);
        v_batch jsonb;
        v_count integer;
        v_new integer;
        v_stored record;
      BEGIN
        FOR i IN 1 .. v_n LOOP
          v_batch := p_events -> (i - 1);
          v_count := jsonb_array_length(v_batch);
          IF p_check_stored THEN
            v_stored := es_stored_outcome(p_stream_ids[i], v_batch);
            IF v_stored.outcome IS NOT NULL THEN
              v_outcome[i] := v_stored.outcome;
              v_version[i] := v_stored.version;
              v_commit[i] := v_stored.commit_position;
              v_prepare[i] := v_stored.prepare_position;
              CONTINUE;
            END IF;
          END IF;

          v_new := NULL;
          IF p_expected[i] < 0 THEN
            INSERT INTO streams AS s (stream_id, version) VALUES (p_stream_ids[i], v_count)
              ON CONFLICT (stream_id) DO UPDATE SET version = s.version + v_count
              RETURNING s.version INTO v_new;
          ELSIF p_expected[i] = 0 THEN
            INSERT INTO streams AS s (stream_id, version) VALUES (p_stream_ids[i], v_count)
              ON CONFLICT (stream_id) DO NOTHING
              RETURNING s.version INTO v_new;
          ELSE
            UPDATE streams AS s SET version = p_expected[i] + v_count
              WHERE s.stream_id = p_stream_ids[i] AND s.version = p_expected[i]
              RETURNING s.version INTO v_new;
          END IF;

          IF v_new IS NOT NULL THEN
            v_outcome[i] := 'appended';
            v_version[i] := v_new;
            CONTINUE;
          END IF;
          IF NOT p_check_stored THEN
            v_stored := es_stored_outcome(p_stream_ids[i], v_batch);
            IF v_stored.outcome IS NOT NULL THEN
              v_outcome[i] := v_stored.outcome;
              v_version[i] := v_stored.version;
              v_commit[i] := v_stored.commit_position;
              v_prepare[i] := v_stored.prepare_position;
              CONTINUE;
            END IF;
          END IF;
          v_outcome[i] := 'conflict';
          v_version[i] := (SELECT s.version FROM streams s WHERE s.stream_id = p_stream_ids[i]);
        END LOOP;

        -- All events of the successful appends in one INSERT, in batch order then event order.
        RETURN QUERY
          WITH inserted AS (
            INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata)
            SELECT (x.value->>'eventId')::uuid, p_stream_ids[b.i],
                   v_version[b.i] - jsonb_array_length(b.value) + x.ordinality::integer,
                   x.value->>'type', x.value->'data', x.value->'metadata'
            FROM jsonb_array_elements(p_events) WITH ORDINALITY AS b(value, i)
            CROSS JOIN LATERAL jsonb_array_elements(b.value) WITH ORDINALITY AS x(value, ordinality)
            WHERE v_outcome[b.i] = 'appended'
            ORDER BY b.i, x.ordinality
            RETURNING events.stream_id, events.stream_version, events.transaction_id, events.global_position
          )
          SELECT v_outcome[g.i], v_version[g.i],
                 COALESCE(ins.transaction_id::text, v_commit[g.i]), COALESCE(ins.global_position::text, v_prepare[g.i])
          FROM generate_series(1, v_n) AS g(i)
          LEFT JOIN inserted ins
            ON v_outcome[g.i] = 'appended' AND ins.stream_id = p_stream_ids[g.i] AND ins.stream_version = v_version[g.i]
          ORDER BY g.i;
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
    await queryRunner.query(`DROP FUNCTION es_append_batch(text[], integer[], jsonb, boolean)`);
    await queryRunner.query(`DROP FUNCTION es_stored_outcome(text, jsonb)`);
    await queryRunner.query(`DROP TABLE streams`);
    await queryRunner.query(`DROP TABLE events`);
  }
}

import { START, type Position, type StoredEvent } from '../event-store/event-store.port';
import type { SqlRunner } from './personal-data-keyring';

/** One use of a key: an event (in its stream) holds fields sealed with it. */
export interface KeyUse {
  keyId: string;
  eventId: string;
  streamId: string;
}

/** An event that holds fields sealed with some of the keys looked for. */
export interface IndexedEvent {
  eventId: string;
  streamId: string;
}

/** Events read per page while indexing a log written before the index existed. */
const BACKFILL_PAGE = 5000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which events hold fields sealed with which key (`personal_data_key_event`), so that an erasure finds a subject's
 * events by an index lookup instead of a scan of the log. A row is written by the append that seals the event, before
 * the event itself (an append that then fails leaves a row naming an event that does not exist: it is skipped when
 * read). The rows of a key are deleted once its erasure has written every copy again.
 *
 * A log written before the index existed is indexed once, in the background (`backfill`), in pages, its progress kept in
 * `personal_data_index_backfill`; an erasure waits until it is done (`isComplete`).
 */
export class PersonalDataIndex {
  constructor(private readonly db: SqlRunner) {}

  /** Records these uses, one statement (nothing when none). */
  async record(uses: readonly KeyUse[]): Promise<void> {
    const valid = uses.filter((use) => UUID.test(use.keyId) && UUID.test(use.eventId));
    if (valid.length === 0) return;
    await this.db.query(
      `INSERT INTO personal_data_key_event (key_id, event_id, stream_id)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[])
       ON CONFLICT DO NOTHING`,
      [valid.map((use) => use.keyId), valid.map((use) => use.eventId), valid.map((use) => use.streamId)],
    );
  }

  /** The uses of an event list (its metadata's `personalDataKeys`). */
  static usesOf(events: readonly Pick<StoredEvent, 'eventId' | 'streamId' | 'metadata'>[]): KeyUse[] {
    return events.flatMap((event) =>
      (event.metadata?.personalDataKeys ?? []).map((keyId) => ({
        keyId,
        eventId: event.eventId,
        streamId: event.streamId,
      })),
    );
  }

  /** A page of the events sealed with any of these keys, after the event id `after` (ordered by event id). */
  async eventsSealedWith(keyIds: readonly string[], after: string | null, limit: number): Promise<IndexedEvent[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT event_id::text AS "eventId", stream_id AS "streamId" FROM personal_data_key_event
        WHERE key_id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR event_id > $2::uuid)
        ORDER BY 1 LIMIT $3`,
      [keyIds.filter((id) => UUID.test(id)), after, limit],
    )) as IndexedEvent[];
    return rows;
  }

  /** Forgets the uses of these keys (their erasure is done). */
  async forgetKeys(keyIds: readonly string[], tx: SqlRunner = this.db): Promise<void> {
    await tx.query(`DELETE FROM personal_data_key_event WHERE key_id = ANY($1::uuid[])`, [
      keyIds.filter((id) => UUID.test(id)),
    ]);
  }

  /** True once the log written before the index existed has been indexed. */
  async isComplete(): Promise<boolean> {
    const rows = (await this.db.query(`SELECT done FROM personal_data_index_backfill WHERE id = 1`)) as {
      done: boolean;
    }[];
    return rows[0]?.done === true;
  }

  /**
   * Indexes the sealed events of the log from where the last run stopped to the head, in pages (each page's rows and
   * the progress in one statement each; a crash resumes from the last page recorded). Events appended meanwhile are
   * indexed by their append anyway. Several processes may run it at once: the rows are the same. `stopped` ends it
   * between two pages (the application shuts down).
   */
  async backfill(
    readAllSealed: (after: Position, maxCount: number) => Promise<StoredEvent[]>,
    stopped: () => boolean = () => false,
  ): Promise<void> {
    const rows = (await this.db.query(
      `SELECT done, after_commit::text AS commit, after_prepare::text AS prepare
         FROM personal_data_index_backfill WHERE id = 1`,
    )) as { done: boolean; commit: string; prepare: string }[];
    if (rows[0]?.done) return;
    let after: Position = rows[0] ? { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].prepare) } : START;
    for (;;) {
      if (stopped()) return;
      const page = await readAllSealed(after, BACKFILL_PAGE);
      if (page.length === 0) break;
      await this.record(PersonalDataIndex.usesOf(page));
      after = page[page.length - 1].position;
      await this.saveProgress(after, false);
    }
    await this.saveProgress(after, true);
  }

  private async saveProgress(after: Position, done: boolean): Promise<void> {
    await this.db.query(
      `INSERT INTO personal_data_index_backfill (id, after_commit, after_prepare, done, updated_at)
       VALUES (1, $1, $2, $3, now())
       ON CONFLICT (id) DO UPDATE SET after_commit = EXCLUDED.after_commit, after_prepare = EXCLUDED.after_prepare,
         done = personal_data_index_backfill.done OR EXCLUDED.done, updated_at = now()`,
      [after.commit.toString(), after.prepare.toString(), done],
    );
  }
}

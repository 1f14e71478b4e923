import type { DataSubjectErased } from '@teaminbox/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { Position, StoredEvent } from '../event-store/event-store.port';
import type { Reaction } from '../projections/projection';
import type { ProjectionRunner } from '../projections/projection-runner';
import type { PersonalDataEventStore } from './personal-data-event-store';
import type { PersonalDataIndex } from './personal-data-index';
import type { PersonalDataKeyring, SubjectRef } from './personal-data-keyring';
import { ACCOUNT_SCOPE, type PersonalDataRegistry } from './personal-fields';

export const PERSONAL_DATA_ERASURE_REACTION = 'personal-data-erasure';
export const DATA_SUBJECT_ERASED = 'DataSubjectErased';

/** Events written again per transaction: each page is one short transaction, never the whole erasure. */
export const ERASURE_PAGE = 200;

/** How long an erasure waits for every projection to pass it before it tries again (the runner retries it). */
const PROJECTIONS_WAIT_MS = 60_000;

/** The subjects an erasure names: the person within the team and, when named, their account (ACCOUNT_SCOPE). */
function subjectsOf(erased: DataSubjectErased): { subject: SubjectRef; keyIds: string[] }[] {
  const subjects = [{ subject: { teamId: erased.teamId, subjectId: erased.subjectId }, keyIds: erased.keyIds }];
  if (erased.account)
    subjects.push({
      subject: { teamId: ACCOUNT_SCOPE, subjectId: erased.account.subjectId },
      keyIds: erased.account.keyIds,
    });
  return subjects;
}

interface ErasureRow {
  key_ids: string[];
  commit: string;
  prepare: string;
  cursor: string | null;
  finished: boolean;
}

/**
 * Carries out an erasure (`DataSubjectErased`) in short steps, so that no other team's projection waits for it:
 *
 * 1. In one transaction with its checkpoint (handle): deletes the subject's keys and records the erasure in
 *    `personal_data_erasure` (the keys deleted, the erasure's position). Nothing else: the transaction is short.
 * 2. After the commit (afterCommit, at least once, the erasures one after the other: a queue): forgets the keys here
 *    and on every replica; waits until every projection has passed the erasure (none still holds an event opened
 *    with a deleted key); then takes the subject's events from the index written at append (`PersonalDataIndex`), a
 *    page of ERASURE_PAGE at a time, and in one transaction per page has every projection that copies personal fields
 *    write those rows again from the events as they now read ("[erased]"), runs the modules' erasers (content kept
 *    beside the events) and records how far it went. A crash resumes after the last page recorded; once every page is
 *    written, the index forgets the keys and the erasure is finished.
 *
 * Idempotent: a key deleted before is not found again, a page written again writes the same rows, and a key the
 * subject got later (new mail after the erasure) is not among the erasure's keys.
 */
export class PersonalDataErasureReaction implements Reaction {
  readonly name = PERSONAL_DATA_ERASURE_REACTION;
  readonly eventTypes = [DATA_SUBJECT_ERASED];

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: PersonalDataEventStore,
    private readonly index: PersonalDataIndex,
    private readonly keyring: PersonalDataKeyring,
    private readonly registry: PersonalDataRegistry,
    private readonly runner: ProjectionRunner,
    private readonly logger: { log(message: string): void },
  ) {}

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (event.type !== DATA_SUBJECT_ERASED || !event.data) continue;
      const erased = event.data as DataSubjectErased;
      const deleted: string[] = [];
      for (const { subject, keyIds } of subjectsOf(erased))
        deleted.push(...(await this.keyring.erase(subject, keyIds, tx)));
      if (deleted.length === 0) continue;
      await tx.query(
        `INSERT INTO personal_data_erasure (event_id, team_id, key_ids, position_commit, position_prepare)
         VALUES ($1, $2, $3::uuid[], $4, $5) ON CONFLICT (event_id) DO NOTHING`,
        [event.eventId, erased.teamId, deleted, event.position.commit.toString(), event.position.prepare.toString()],
      );
    }
  }

  /** Forgets the keys (here and on every replica), then writes the read models again, page by page. */
  async afterCommit(events: StoredEvent[]): Promise<void> {
    for (const event of events) {
      if (event.type !== DATA_SUBJECT_ERASED || !event.data) continue;
      for (const { subject, keyIds } of subjectsOf(event.data as DataSubjectErased)) {
        this.keyring.forget(subject, keyIds);
        await this.keyring.announceErased(subject, keyIds);
      }
      await this.rewrite(event.eventId);
    }
  }

  /** Writes again, page by page, what the read models copied from the erased subject's events. */
  private async rewrite(eventId: string): Promise<void> {
    const rows = (await this.dataSource.query(
      `SELECT key_ids::text[] AS key_ids, position_commit::text AS commit, position_prepare::text AS prepare,
              cursor_event_id::text AS cursor, finished_at IS NOT NULL AS finished
         FROM personal_data_erasure WHERE event_id = $1`,
      [eventId],
    )) as ErasureRow[];
    const erasure = rows[0];
    if (!erasure || erasure.finished) return;
    const position: Position = { commit: BigInt(erasure.commit), prepare: BigInt(erasure.prepare) };
    if (!(await this.index.isComplete()))
      throw new Error(`Erasure ${eventId} waits for the index of personal data to be built`);
    if (!(await this.runner.waitFor(position, undefined, PROJECTIONS_WAIT_MS)))
      throw new Error(`Erasure ${eventId} waits for every projection to pass it`);
    const keyIds = new Set(erasure.key_ids);
    let cursor = erasure.cursor;
    let rewritten = 0;
    const started = Date.now();
    for (;;) {
      const page = await this.index.eventsSealedWith([...keyIds], cursor, ERASURE_PAGE);
      if (page.length === 0) break;
      const sealed = await this.store.readIndexed(page, keyIds);
      const last = page[page.length - 1].eventId;
      await this.dataSource.transaction(async (tx) => {
        for (const projection of this.runner.registeredProjections())
          if (projection.rewritePersonalData) await projection.rewritePersonalData(sealed, tx);
        for (const eraser of this.registry.erasersOf()) await eraser(sealed, tx);
        await tx.query(
          `UPDATE personal_data_erasure SET cursor_event_id = $2, events_rewritten = events_rewritten + $3
            WHERE event_id = $1`,
          [eventId, last, sealed.length],
        );
      });
      cursor = last;
      rewritten += sealed.length;
    }
    await this.dataSource.transaction(async (tx) => {
      await this.index.forgetKeys([...keyIds], tx);
      await tx.query(`UPDATE personal_data_erasure SET finished_at = now() WHERE event_id = $1`, [eventId]);
    });
    this.logger.log(
      `Erasure ${eventId}: ${keyIds.size} key(s) deleted, ${rewritten} event(s) now read as erased, ` +
        `read models written again in ${Date.now() - started} ms`,
    );
  }
}

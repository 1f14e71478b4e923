import type { DataSubjectErased } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import { START, type StoredEvent } from '../event-store/event-store.port';
import type { Reaction } from '../projections/projection';
import type { ProjectionRunner } from '../projections/projection-runner';
import type { PersonalDataEventStore } from './personal-data-event-store';
import type { PersonalDataKeyring, SubjectRef } from './personal-data-keyring';
import { ACCOUNT_SCOPE, type PersonalDataRegistry } from './personal-fields';

export const PERSONAL_DATA_ERASURE_REACTION = 'personal-data-erasure';
export const DATA_SUBJECT_ERASED = 'DataSubjectErased';

/** Events read per page while looking for a subject's events. */
const SCAN_PAGE = 5000;

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

/**
 * Carries out an erasure (`DataSubjectErased`), in one transaction with its checkpoint: deletes the subject's keys,
 * finds the events sealed with them, has every projection that copies personal fields write those rows again from
 * the events as they now read ("[erased]"), and runs the modules' erasers (content kept beside the events). Idempotent: a key deleted before is not found again, and a key the
 * subject got later (new mail after the erasure) is not among the event's keys.
 */
export class PersonalDataErasureReaction implements Reaction {
  readonly name = PERSONAL_DATA_ERASURE_REACTION;
  readonly eventTypes = [DATA_SUBJECT_ERASED];

  constructor(
    private readonly store: PersonalDataEventStore,
    private readonly keyring: PersonalDataKeyring,
    private readonly registry: PersonalDataRegistry,
    private readonly runner: ProjectionRunner,
    private readonly logger: { log(message: string): void },
  ) {}

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (event.type !== DATA_SUBJECT_ERASED || !event.data) continue;
      const deleted: string[] = [];
      for (const { subject, keyIds } of subjectsOf(event.data as DataSubjectErased))
        deleted.push(...(await this.keyring.erase(subject, keyIds, tx)));
      if (deleted.length === 0) continue;
      const sealed = await this.eventsSealedWith(new Set(deleted));
      for (const projection of this.runner.registeredProjections())
        if (projection.rewritePersonalData) await projection.rewritePersonalData(sealed, tx);
      for (const eraser of this.registry.erasersOf()) await eraser(sealed, tx);
      this.logger.log(
        `Erasure ${event.eventId}: ${deleted.length} key(s) deleted, ${sealed.length} event(s) now read as erased`,
      );
    }
  }

  /**
   * Forgets the keys again once deleted (a read between the deletion and its commit may have cached them), and has
   * every other replica forget them too. Retried until it works, as every afterCommit.
   */
  async afterCommit(events: StoredEvent[]): Promise<void> {
    for (const event of events) {
      if (event.type !== DATA_SUBJECT_ERASED || !event.data) continue;
      for (const { subject, keyIds } of subjectsOf(event.data as DataSubjectErased)) {
        this.keyring.forget(subject, keyIds);
        await this.keyring.announceErased(subject, keyIds);
      }
    }
  }

  /** The events holding fields sealed with these keys, opened with the keys taken as erased. */
  private async eventsSealedWith(keyIds: ReadonlySet<string>): Promise<StoredEvent[]> {
    const found: StoredEvent[] = [];
    const types = this.store.personalDataTypes();
    for (let after = START; ;) {
      const page = await this.store.readAllSealed({ after, maxCount: SCAN_PAGE, types });
      if (page.length === 0) break;
      after = page[page.length - 1].position;
      for (const event of page) if (event.metadata?.personalDataKeys?.some((id) => keyIds.has(id))) found.push(event);
    }
    return this.store.open(found, keyIds);
  }
}

import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type DataSubjectErasure, ERASURE_ROLES, NO_PERSONAL_DATA_MESSAGE } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { DomainError } from '../../../../platform/event-sourcing/domain-error';
import { EventSourcedRepository } from '../../../../platform/event-sourcing/event-sourced-repository';
import { PERSONAL_DATA_ERASURE_REACTION, PersonalDataKeyring } from '../../../../platform/personal-data';
import { dataSubjectDecider, dataSubjectStream } from '../../domain/data-subject.decider';
import { TEAM_AUDIT_PROJECTION } from '../../projections/team-audit/team-audit.projection';
import { EraseDataSubjectCommand } from './erase-data-subject.command';

/**
 * Erases a person's personal data within the caller's team: the subject's current keys are named in a
 * `DataSubjectErased` on its stream (appended with the version read), and the erasure reaction deletes them and has
 * the read models written again. Returns once the reaction and the audit trail have the event, so the caller's next
 * read shows "[erased]". A subject the team keeps no key of (never seen, already erased, another team's) is 404.
 */
@CommandHandler(EraseDataSubjectCommand)
export class EraseDataSubjectHandler implements ICommandHandler<EraseDataSubjectCommand, DataSubjectErasure> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly keyring: PersonalDataKeyring,
  ) {}

  async execute({ caller, email }: EraseDataSubjectCommand): Promise<DataSubjectErasure> {
    if (!ERASURE_ROLES.includes(caller.role)) throw new DomainError('forbidden', 'Forbidden!');
    const subjectId = this.keyring.subjectId(caller.teamId, email);
    const keyIds = await this.keyring.keyIdsOf({ teamId: caller.teamId, subjectId });
    if (keyIds.length === 0) throw new DomainError('not-found', NO_PERSONAL_DATA_MESSAGE);
    const eventId = uuidv7();
    const appended = await this.repository.decide(
      dataSubjectStream(subjectId),
      dataSubjectDecider,
      { type: 'EraseDataSubject', teamId: caller.teamId, subjectId, keyIds },
      {
        eventIds: () => eventId,
        conflictMessage: 'This person is being erased by someone else; try again.',
        waitFor: [PERSONAL_DATA_ERASURE_REACTION, TEAM_AUDIT_PROJECTION],
      },
    );
    if (!appended) throw new DomainError('not-found', NO_PERSONAL_DATA_MESSAGE);
    return { subjectId, eventId, erasedAt: new Date().toISOString() };
  }
}

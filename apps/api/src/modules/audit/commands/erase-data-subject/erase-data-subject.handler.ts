import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type DataSubjectErasure,
  ERASURE_RATE_LIMIT_MESSAGE,
  ERASURE_ROLES,
  ERASURE_OF_OWN_ACCOUNT_MESSAGE as OWN_ACCOUNT_MESSAGE,
  NO_PERSONAL_DATA_MESSAGE,
} from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { ClusterPool } from '../../../../platform/cluster/cluster-pool';
import { APP_CONFIG, type AppConfig, DEFAULT_ERASURES_PER_TEAM_PER_HOUR } from '../../../../platform/config';
import { DomainError } from '../../../../platform/event-sourcing/domain-error';
import { EventSourcedRepository } from '../../../../platform/event-sourcing/event-sourced-repository';
import { ACCOUNT_SCOPE, PERSONAL_DATA_ERASURE_REACTION, PersonalDataKeyring } from '../../../../platform/personal-data';
import { ProjectionRunner } from '../../../../platform/projections/projection-runner';
import { SharedRateLimiter } from '../../../../platform/rate-limit/rate-limiter';
import { AccountErasure } from '../../../identity';
import { dataSubjectDecider, dataSubjectStream } from '../../domain/data-subject.decider';
import { TEAM_AUDIT_PROJECTION } from '../../projections/team-audit/team-audit.projection';
import { RemainingPersonalData } from '../../queries/remaining-personal-data/remaining-personal-data';
import { EraseDataSubjectCommand } from './erase-data-subject.command';

/**
 * Erases a person's personal data within the caller's team: the subject's current keys are named in a
 * `DataSubjectErased` on its stream (appended with the version read), and the erasure reaction deletes them and has
 * the read models written again, page by page, after the deletion. Returns once the reaction is done (within
 * ERASURE_WAIT_MS; a longer one goes on, `finished: false`) and the audit trail has the event, so the caller's next
 * read shows "[erased]", with what the audit trail still names of the address in plain text (`remains`). A subject the
 * team keeps no key of (never seen, already erased, another team's) is 404 when nothing names it, else the report.
 * A team starts at most ERASURES_PER_TEAM_PER_HOUR erasures per hour (counted by every replica together); past that,
 * 429 with ERASURE_RATE_LIMIT_MESSAGE, before anything is read or deleted.
 */
/** How long the call waits for the read models to be written again before it answers that the erasure goes on. */
export const ERASURE_WAIT_MS = 30_000;

@CommandHandler(EraseDataSubjectCommand)
export class EraseDataSubjectHandler implements ICommandHandler<EraseDataSubjectCommand, DataSubjectErasure> {
  private readonly limiter: SharedRateLimiter;
  private readonly perHour: number;

  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly keyring: PersonalDataKeyring,
    private readonly accounts: AccountErasure,
    private readonly runner: ProjectionRunner,
    private readonly remaining: RemainingPersonalData,
    cluster: ClusterPool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limiter = new SharedRateLimiter(cluster.pool);
    this.perHour = config.erasuresPerTeamPerHour ?? DEFAULT_ERASURES_PER_TEAM_PER_HOUR;
  }

  async execute({ caller, email }: EraseDataSubjectCommand): Promise<DataSubjectErasure> {
    if (!ERASURE_ROLES.includes(caller.role)) throw new DomainError('forbidden', 'Forbidden!');
    const key = { key: `erasure:${caller.teamId}`, limit: this.perHour, windowMs: 3_600_000 };
    if (!(await this.limiter.hit([key]))) throw new DomainError('rate-limited', ERASURE_RATE_LIMIT_MESSAGE);
    const subjectId = this.keyring.subjectId(caller.teamId, email);
    const keyIds = await this.keyring.keyIdsOf({ teamId: caller.teamId, subjectId });
    const account = await this.accountOf(caller, email);
    if (keyIds.length === 0 && !account) return this.nothingToErase(caller.teamId, subjectId, email);
    const eventId = uuidv7();
    const appended = await this.repository.decide(
      dataSubjectStream(subjectId),
      dataSubjectDecider,
      { type: 'EraseDataSubject', teamId: caller.teamId, subjectId, keyIds, account },
      {
        eventIds: () => eventId,
        conflictMessage: 'This person is being erased by someone else; try again.',
        waitFor: [TEAM_AUDIT_PROJECTION],
      },
    );
    if (!appended) throw new DomainError('not-found', NO_PERSONAL_DATA_MESSAGE);
    const finished = await this.runner.waitFor(appended.position, [PERSONAL_DATA_ERASURE_REACTION], ERASURE_WAIT_MS, {
      afterCommit: true,
    });
    const remains = await this.remaining.of(caller.teamId, email);
    return { subjectId, eventId, erasedAt: new Date().toISOString(), finished, remains };
  }

  /**
   * No key of the address is kept: 404 when nothing names it either; when events written before sealing still name
   * it in plain text, the report of what remains (nothing is erased, no event appended).
   */
  private async nothingToErase(teamId: string, subjectId: string, email: string): Promise<DataSubjectErasure> {
    const remains = await this.remaining.of(teamId, email);
    if (remains.length === 0) throw new DomainError('not-found', NO_PERSONAL_DATA_MESSAGE);
    return { subjectId, eventId: null, erasedAt: new Date().toISOString(), finished: true, remains };
  }

  /**
   * The person's account with its keys, when this team may erase it (it belongs to no other team) and it is not the
   * caller's own: an ADMIN does not lock themselves out of the team they administer.
   */
  private async accountOf(caller: EraseDataSubjectCommand['caller'], email: string) {
    const userId = await this.accounts.erasableBy(caller.teamId, email);
    if (!userId) return undefined;
    if (userId === caller.userId) throw new DomainError('invalid', OWN_ACCOUNT_MESSAGE);
    const accountSubjectId = this.keyring.subjectId(ACCOUNT_SCOPE, email);
    const keyIds = await this.keyring.keyIdsOf({ teamId: ACCOUNT_SCOPE, subjectId: accountSubjectId });
    return keyIds.length > 0 ? { subjectId: accountSubjectId, keyIds } : undefined;
  }
}

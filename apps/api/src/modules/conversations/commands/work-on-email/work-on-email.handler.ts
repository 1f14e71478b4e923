import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AUDITOR_NOT_ASSIGNABLE_MESSAGE, type Email, isAssignableRole } from '@teaminbox/contracts';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { UserDirectory } from '../../../identity';
import { GetLabelQuery } from '../../../labels';
import { EMAIL_NOT_FOUND_MESSAGE, emailDecider, emailStreamId, type WorkOnEmail } from '../../domain/email.decider';
import { INBOX_EMAIL_PROJECTION } from '../../projections/inbox-email/inbox-email.projection';
import { InboxEmailQueries } from '../../queries/inbox-email.queries';
import { type EmailWork, WorkOnEmailCommand } from './work-on-email.command';

export const NOT_A_MEMBER_MESSAGE = 'The user is not a member of your team';

/**
 * Every command of the team's work on one email: checks that the email, the assignee and the label belong to
 * the caller's team (an auditor is never assigned: 400) (another team's ids answer 404 and reveal nothing), appends through the email's decider,
 * waits for the inbox read model and answers the email as it is now.
 */
@CommandHandler(WorkOnEmailCommand)
export class WorkOnEmailHandler implements ICommandHandler<WorkOnEmailCommand, Email> {
  constructor(
    private readonly directory: UserDirectory,
    private readonly repository: EventSourcedRepository,
    private readonly inbox: InboxEmailQueries,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller, emailId, work }: WorkOnEmailCommand): Promise<Email> {
    const command = await this.toCommand(caller.teamId, caller.userId, work);
    await this.repository.decide(emailStreamId(emailId), emailDecider, command, { waitFor: [INBOX_EMAIL_PROJECTION] });
    const email = await this.inbox.email(caller.teamId, emailId);
    if (!email) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    return email;
  }

  private async toCommand(teamId: string, userId: string, work: EmailWork): Promise<WorkOnEmail> {
    switch (work.type) {
      case 'MarkRead':
        return { type: 'MarkRead', teamId, userId, at: new Date().toISOString() };
      case 'MarkUnread':
      case 'Mute':
      case 'Unmute':
        return { type: work.type, teamId, userId };
      case 'SetStatus':
        return { type: 'SetStatus', teamId, status: work.status };
      case 'SetPriority':
        return { type: 'SetPriority', teamId, priority: work.priority };
      case 'Archive':
      case 'Unarchive':
      case 'MarkSpam':
      case 'MarkNotSpam':
        return { type: work.type, teamId };
      case 'Assign': {
        if (!work.assignedTo) return { type: 'Unassign', teamId };
        const member = (await this.directory.membersOf(teamId)).find((m) => m.id === work.assignedTo);
        if (!member) throw new DomainError('invalid', NOT_A_MEMBER_MESSAGE);
        if (!isAssignableRole(member.role)) throw new DomainError('invalid', AUDITOR_NOT_ASSIGNABLE_MESSAGE);
        return {
          type: 'Assign',
          teamId,
          assignedTo: member.id,
          assignedToName: member.name || null,
          assignedToEmail: member.email,
        };
      }
      case 'AddLabel':
      case 'RemoveLabel': {
        // Another team's or a deleted label: labels answers 404 ("Label not found").
        const label = await this.queries.execute(new GetLabelQuery(teamId, work.labelId));
        return { type: work.type, teamId, labelId: work.labelId, labelName: label.name };
      }
    }
  }
}

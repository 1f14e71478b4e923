import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { EmailAction } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { EMAIL_ACTION_PROJECTION } from '../../projections/email-action/email-action.projection';
import { ListEmailActionsQuery } from '../../queries/list-email-actions/list-email-actions.query';
import { emailDecider, emailStreamId } from '../../domain/email.decider';
import { LogEmailActionCommand } from './log-email-action.command';

/** Kept as EmailActionLogged on the email's stream; entries never conflict with each other (decided again). */
@CommandHandler(LogEmailActionCommand)
export class LogEmailActionHandler implements ICommandHandler<LogEmailActionCommand, EmailAction[]> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller, emailId, entry }: LogEmailActionCommand): Promise<EmailAction[]> {
    const command = {
      type: 'LogAction',
      teamId: caller.teamId,
      actionId: uuidv7(),
      action: entry.type,
      details: entry.details,
    } as const;
    await this.repository.decide(emailStreamId(emailId), emailDecider, command, {
      waitFor: [EMAIL_ACTION_PROJECTION],
      retries: 3,
    });
    return this.queries.execute(new ListEmailActionsQuery(caller.teamId, emailId));
  }
}

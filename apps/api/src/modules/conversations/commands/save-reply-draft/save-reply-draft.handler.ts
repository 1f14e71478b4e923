import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { Reply } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { emailDecider, emailStreamId, REPLY_NOT_FOUND_MESSAGE } from '../../domain/email.decider';
import { EMAIL_REPLY_PROJECTION } from '../../projections/email-reply/email-reply.projection';
import { GetReplyQuery } from '../../queries/get-reply/get-reply.query';
import { SaveReplyDraftCommand } from './save-reply-draft.command';

/**
 * A draft belongs to the team: any member may edit it (a colleague can finish a reply someone else started);
 * a reply handed to the outbox (queued, sent or failed) cannot be changed (409).
 */
@CommandHandler(SaveReplyDraftCommand)
export class SaveReplyDraftHandler implements ICommandHandler<SaveReplyDraftCommand, Reply> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller: { teamId, userId }, emailId, draftId, draft }: SaveReplyDraftCommand): Promise<Reply> {
    const id = draftId ?? uuidv7();
    const fields = {
      to: draft.to,
      cc: draft.cc,
      bcc: draft.bcc,
      subject: draft.subject,
      body: draft.body,
      htmlBody: draft.htmlBody ?? null,
      isReplyToAll: draft.isReplyToAll,
    };
    const command = { type: 'SaveDraft', teamId, userId, draftId: id, create: !draftId, draft: fields } as const;
    await this.repository.decide(emailStreamId(emailId), emailDecider, command, { waitFor: [EMAIL_REPLY_PROJECTION] });
    const reply = await this.queries.execute(new GetReplyQuery(teamId, id));
    if (!reply) throw new DomainError('not-found', REPLY_NOT_FOUND_MESSAGE);
    return reply;
  }
}

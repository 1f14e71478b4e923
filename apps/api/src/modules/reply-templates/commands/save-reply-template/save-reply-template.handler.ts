import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { ReplyTemplate } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { replyTemplateDecider, replyTemplateStreamId } from '../../domain/reply-template.decider';
import { REPLY_TEMPLATE_PROJECTION } from '../../projections/reply-template/reply-template.projection';
import { GetReplyTemplateQuery } from '../../queries/get-reply-template/get-reply-template.query';
import { SaveReplyTemplateCommand } from './save-reply-template.command';

/** Each template is its own stream `template-<id>`; any member of the team may manage them. */
@CommandHandler(SaveReplyTemplateCommand)
export class SaveReplyTemplateHandler implements ICommandHandler<SaveReplyTemplateCommand, ReplyTemplate> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller: { teamId }, templateId, request }: SaveReplyTemplateCommand): Promise<ReplyTemplate> {
    const id = templateId ?? uuidv7();
    const type = templateId ? 'UpdateReplyTemplate' : 'CreateReplyTemplate';
    await this.repository.decide(
      replyTemplateStreamId(id),
      replyTemplateDecider,
      { type, teamId, templateId: id, ...request },
      { waitFor: [REPLY_TEMPLATE_PROJECTION] },
    );
    return this.queries.execute(new GetReplyTemplateQuery(teamId, id));
  }
}

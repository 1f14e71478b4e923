import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { replyTemplateDecider, replyTemplateStreamId } from '../../domain/reply-template.decider';
import { REPLY_TEMPLATE_PROJECTION } from '../../projections/reply-template/reply-template.projection';
import { DeleteReplyTemplateCommand } from './delete-reply-template.command';

@CommandHandler(DeleteReplyTemplateCommand)
export class DeleteReplyTemplateHandler implements ICommandHandler<DeleteReplyTemplateCommand, void> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ caller: { teamId }, templateId }: DeleteReplyTemplateCommand): Promise<void> {
    const command = { type: 'DeleteReplyTemplate', teamId, templateId } as const;
    const waitFor = [REPLY_TEMPLATE_PROJECTION];
    await this.repository.decide(replyTemplateStreamId(templateId), replyTemplateDecider, command, { waitFor });
  }
}

import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { labelsDecider, labelsStreamId } from '../../domain/labels.decider';
import { LABEL_READ_MODELS } from '../../projections/email-label/email-label.projection';
import { DeleteLabelCommand } from './delete-label.command';

@CommandHandler(DeleteLabelCommand)
export class DeleteLabelHandler implements ICommandHandler<DeleteLabelCommand, void> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ caller: { teamId }, labelId }: DeleteLabelCommand): Promise<void> {
    const command = { type: 'DeleteLabel', teamId, labelId } as const;
    await this.repository.decide(labelsStreamId(teamId), labelsDecider, command, { waitFor: LABEL_READ_MODELS });
  }
}

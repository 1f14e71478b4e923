import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { Label } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { labelsDecider, labelsStreamId } from '../../domain/labels.decider';
import { LABEL_READ_MODELS } from '../../projections/email-label/email-label.projection';
import { GetLabelQuery } from '../../queries/get-label/get-label.query';
import { SaveLabelCommand } from './save-label.command';

@CommandHandler(SaveLabelCommand)
export class SaveLabelHandler implements ICommandHandler<SaveLabelCommand, Label> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller: { teamId }, labelId, request }: SaveLabelCommand): Promise<Label> {
    const fields = { name: request.name, color: request.color, backgroundColor: request.backgroundColor };
    const command = labelId
      ? ({ type: 'UpdateLabel', teamId, labelId, ...fields } as const)
      : ({ type: 'CreateLabel', teamId, labelId: uuidv7(), isDefault: false, ...fields } as const);
    await this.repository.decide(labelsStreamId(teamId), labelsDecider, command, { waitFor: LABEL_READ_MODELS });
    return this.queries.execute(new GetLabelQuery(teamId, command.labelId));
  }
}

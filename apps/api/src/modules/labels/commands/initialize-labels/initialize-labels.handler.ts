import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { DEFAULT_LABELS, type Label } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { labelsDecider, labelsStreamId } from '../../domain/labels.decider';
import { LABEL_READ_MODELS } from '../../projections/email-label/email-label.projection';
import { ListLabelsQuery } from '../../queries/list-labels/list-labels.query';
import { InitializeLabelsCommand } from './initialize-labels.command';

/** Idempotent: a default label the team has (by name, whatever its case) is not created again. */
@CommandHandler(InitializeLabelsCommand)
export class InitializeLabelsHandler implements ICommandHandler<InitializeLabelsCommand, Label[]> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller: { teamId } }: InitializeLabelsCommand): Promise<Label[]> {
    const labels: Label[] = await this.queries.execute(new ListLabelsQuery(teamId));
    const existing = new Set(labels.map((label) => label.name.toLowerCase()));
    for (const label of DEFAULT_LABELS) {
      if (existing.has(label.name.toLowerCase())) continue;
      const command = { type: 'CreateLabel', teamId, labelId: uuidv7(), isDefault: true, ...label } as const;
      await this.repository.decide(labelsStreamId(teamId), labelsDecider, command, { waitFor: LABEL_READ_MODELS });
    }
    return this.queries.execute(new ListLabelsQuery(teamId));
  }
}

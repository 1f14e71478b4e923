import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { DEFAULT_LABELS, type Label } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { labelsDecider, labelsStreamId } from '../../domain/labels.decider';
import { LABEL_READ_MODELS } from '../../projections/email-label/email-label.projection';
import { ListLabelsQuery } from '../../queries/list-labels/list-labels.query';
import { InitializeLabelsCommand } from './initialize-labels.command';

/**
 * Idempotent: the decider creates only the default labels the team lacks (by name, whatever its case), in one append;
 * two members pressing the button at once are decided again, one after the other.
 */
@CommandHandler(InitializeLabelsCommand)
export class InitializeLabelsHandler implements ICommandHandler<InitializeLabelsCommand, Label[]> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller: { teamId } }: InitializeLabelsCommand): Promise<Label[]> {
    const labels = DEFAULT_LABELS.map((label) => ({ labelId: uuidv7(), ...label }));
    await this.repository.decide(
      labelsStreamId(teamId),
      labelsDecider,
      { type: 'InitializeDefaultLabels', teamId, labels },
      { waitFor: LABEL_READ_MODELS, retries: 3 },
    );
    return this.queries.execute(new ListLabelsQuery(teamId));
  }
}

import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler, QueryBus } from '@nestjs/cqrs';
import type { Label, LabelChange } from '@teaminbox/contracts';
import { DomainError } from '../../../platform/event-sourcing';
import { busEvent, type DomainEventEnvelope } from '../../../platform/projections/domain-events';
import { InjectPusher, type ModulePusher } from '../../../platform/realtime/module-pusher';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import type { LABELS_PUSHES } from '../labels.manifest';
import { EMAIL_LABEL_PROJECTION } from '../projections/email-label/email-label.projection';
import { GetLabelQuery } from '../queries/get-label/get-label.query';

const WAIT_MS = 2000;

/**
 * A label created, changed or deleted reaches the team's open screens ('team.label.changed'): the inbox filter and
 * row menu, the email detail's label select and chips, the Email Labels screen. A created or changed label is sent as
 * it is now (a replay after a crash sends the current state again, which is harmless); one deleted since is left out.
 */
@EventsHandler(busEvent('LabelCreated'), busEvent('LabelUpdated'), busEvent('LabelDeleted'))
export class PushLabelChangeHandler implements IEventHandler<DomainEventEnvelope> {
  private readonly logger = new Logger(PushLabelChangeHandler.name);

  constructor(
    @InjectPusher() private readonly pushes: ModulePusher<typeof LABELS_PUSHES>,
    private readonly runner: ProjectionRunner,
    private readonly queries: QueryBus,
  ) {}

  async handle({ event }: DomainEventEnvelope): Promise<void> {
    const { teamId, labelId } = event.data as { teamId: string; labelId: string };
    try {
      const change = await this.changeOf(event.type, teamId, labelId, event.position);
      if (change) this.pushes.toTeam(teamId).emit('team.label.changed', change);
    } catch (error) {
      this.logger.warn(`Label change push failed: ${(error as Error).message}`);
    }
  }

  private async changeOf(
    type: string,
    teamId: string,
    labelId: string,
    position: DomainEventEnvelope['event']['position'],
  ): Promise<LabelChange | null> {
    // A screen that hears of the change may read the labels again: it must find the change there, deletion included.
    await this.runner.waitFor(position, [EMAIL_LABEL_PROJECTION], WAIT_MS);
    if (type === 'LabelDeleted') return { kind: 'deleted', labelId };
    try {
      const label: Label = await this.queries.execute(new GetLabelQuery(teamId, labelId));
      return { kind: type === 'LabelCreated' ? 'created' : 'updated', label };
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not-found') return null;
      throw error;
    }
  }
}

import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler, QueryBus } from '@nestjs/cqrs';
import type { ReplyTemplate, ReplyTemplateChange } from '@teaminbox/contracts';
import { DomainError } from '../../../platform/event-sourcing';
import { busEvent, type DomainEventEnvelope } from '../../../platform/projections/domain-events';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { InjectPusher, type ModulePusher } from '../../../platform/realtime/module-pusher';
import type { REPLY_TEMPLATES_PUSHES } from '../reply-templates.manifest';
import { REPLY_TEMPLATE_PROJECTION } from '../projections/reply-template/reply-template.projection';
import { GetReplyTemplateQuery } from '../queries/get-reply-template/get-reply-template.query';

const WAIT_MS = 2000;

/**
 * A template saved or deleted reaches the team's open reply forms ('team.reply-template.changed') once the templates'
 * read model has it. A saved template is sent as it is now; one deleted since is left out (its deletion follows).
 */
@EventsHandler(busEvent('ReplyTemplateCreated'), busEvent('ReplyTemplateUpdated'), busEvent('ReplyTemplateDeleted'))
export class PushTemplateChangeHandler implements IEventHandler<DomainEventEnvelope> {
  private readonly logger = new Logger(PushTemplateChangeHandler.name);

  constructor(
    @InjectPusher() private readonly pushes: ModulePusher<typeof REPLY_TEMPLATES_PUSHES>,
    private readonly runner: ProjectionRunner,
    private readonly queries: QueryBus,
  ) {}

  async handle({ event }: DomainEventEnvelope): Promise<void> {
    const { teamId, templateId } = event.data as { teamId: string; templateId: string };
    try {
      const change = await this.changeOf(event.type, teamId, templateId, event.position);
      if (change) this.pushes.toTeam(teamId).emit('team.reply-template.changed', change);
    } catch (error) {
      this.logger.warn(`Reply template push failed: ${(error as Error).message}`);
    }
  }

  private async changeOf(
    type: string,
    teamId: string,
    templateId: string,
    position: DomainEventEnvelope['event']['position'],
  ): Promise<ReplyTemplateChange | null> {
    // A form that hears of the change may read the list again: it must find the change there, deletion included.
    await this.runner.waitFor(position, [REPLY_TEMPLATE_PROJECTION], WAIT_MS);
    if (type === 'ReplyTemplateDeleted') return { kind: 'deleted', templateId };
    try {
      const template: ReplyTemplate = await this.queries.execute(new GetReplyTemplateQuery(teamId, templateId));
      return { kind: 'saved', template };
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not-found') return null;
      throw error;
    }
  }
}

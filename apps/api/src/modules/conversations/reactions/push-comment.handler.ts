import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler, QueryBus } from '@nestjs/cqrs';
import type { Comment } from '@teaminbox/contracts';
import { busEvent, type DomainEventEnvelope } from '../../../platform/projections/domain-events';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { InjectPusher, type ModulePusher } from '../../../platform/realtime/module-pusher';
import type { CONVERSATIONS_PUSHES } from '../conversations.manifest';
import { EMAIL_COMMENT_PROJECTION } from '../projections/email-comment/email-comment.projection';
import { GetCommentQuery } from '../queries/get-comment/get-comment.query';

const KIND = { CommentAdded: 'added', CommentEdited: 'edited', CommentDeleted: 'deleted' } as const;

/** Comments reach the team's other viewers live ('email.comment'). */
@EventsHandler(busEvent('CommentAdded'), busEvent('CommentEdited'), busEvent('CommentDeleted'))
export class PushCommentHandler implements IEventHandler<DomainEventEnvelope> {
  private readonly logger = new Logger(PushCommentHandler.name);

  constructor(
    @InjectPusher() private readonly pushes: ModulePusher<typeof CONVERSATIONS_PUSHES>,
    private readonly runner: ProjectionRunner,
    private readonly queries: QueryBus,
  ) {}

  async handle({ event }: DomainEventEnvelope): Promise<void> {
    const data = event.data as { emailId: string; teamId: string; commentId: string; userId?: string };
    const kind = KIND[event.type as keyof typeof KIND];
    try {
      await this.runner.waitFor(event.position, [EMAIL_COMMENT_PROJECTION], 2000);
      // A deleted comment is gone from the read model: the push names it by id with what the event says.
      const comment: Comment = (await this.queries.execute(new GetCommentQuery(data.teamId, data.commentId))) ?? {
        id: data.commentId,
        emailId: data.emailId,
        message: '',
        userId: event.metadata.actorUserId ?? '',
        userName: null,
        userEmail: '',
        mentions: [],
        createdAt: event.recordedAt.toISOString(),
        updatedAt: null,
      };
      this.pushes.toTeam(data.teamId).emit('email.comment', { emailId: data.emailId, kind, comment });
    } catch (error) {
      this.logger.warn(`Comment push failed: ${(error as Error).message}`);
    }
  }
}

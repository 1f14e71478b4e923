import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import type { Comment } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import {
  CommentAddedEvent,
  CommentDeletedEvent,
  CommentEditedEvent,
  type DomainEventEnvelope,
} from '../../../platform/projections/domain-events';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway';
import { EMAIL_COMMENT_PROJECTION } from './email-comment.projection';

const KIND = { CommentAdded: 'added', CommentEdited: 'edited', CommentDeleted: 'deleted' } as const;

/** Comments reach the team's other viewers live ('email.comment'). */
@EventsHandler(CommentAddedEvent, CommentEditedEvent, CommentDeletedEvent)
export class PushCommentHandler implements IEventHandler<DomainEventEnvelope> {
  private readonly logger = new Logger(PushCommentHandler.name);

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly runner: ProjectionRunner,
    private readonly db: DataSource,
  ) {}

  async handle({ event }: DomainEventEnvelope): Promise<void> {
    const data = event.data as { emailId: string; teamId: string; commentId: string; userId?: string };
    const kind = KIND[event.type as keyof typeof KIND];
    try {
      await this.runner.waitFor(event.position, [EMAIL_COMMENT_PROJECTION], 2000);
      const [row]: {
        message: string;
        user_id: string;
        user_email: string;
        user_name: string | null;
        created_at: Date;
        updated_at: Date | null;
        mentions: string[];
      }[] = await this.db.query(
        `SELECT c.message, c.user_id, c.mentions, c.created_at, c.updated_at, u.email AS user_email,
                  NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS user_name
             FROM email_comment c JOIN users u ON u.id = c.user_id WHERE c.id = $1`,
        [data.commentId],
      );
      const comment: Comment = {
        id: data.commentId,
        emailId: data.emailId,
        message: row?.message ?? '',
        userId: row?.user_id ?? event.metadata.actorUserId ?? '',
        userName: row?.user_name ?? null,
        userEmail: row?.user_email ?? '',
        mentions: row?.mentions ?? [],
        createdAt: row ? new Date(row.created_at).toISOString() : event.recordedAt.toISOString(),
        updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
      };
      this.gateway.toTeam(data.teamId).emit('email.comment', { emailId: data.emailId, kind, comment });
    } catch (error) {
      this.logger.warn(`Comment push failed: ${(error as Error).message}`);
    }
  }
}

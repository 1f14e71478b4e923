import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Comment } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { type CommentRow, SELECT_COMMENT, toComment } from '../../projections/email-comment/comment.mapper';
import { InboxEmailQueries } from '../inbox-email.queries';
import { ListCommentsQuery } from './list-comments.query';

@QueryHandler(ListCommentsQuery)
export class ListCommentsHandler implements IQueryHandler<ListCommentsQuery, Comment[]> {
  constructor(
    private readonly inbox: InboxEmailQueries,
    private readonly db: DataSource,
  ) {}

  async execute({ teamId, emailId }: ListCommentsQuery): Promise<Comment[]> {
    await this.inbox.requireEmail(teamId, emailId);
    const rows: CommentRow[] = await this.db.query(
      `${SELECT_COMMENT} WHERE c.team_id = $1 AND c.email_id = $2 ORDER BY c.created_at, c.id`,
      [teamId, emailId],
    );
    return rows.map(toComment);
  }
}

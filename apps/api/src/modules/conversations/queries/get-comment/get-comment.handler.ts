import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Comment } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { type CommentRow, SELECT_COMMENT, toComment } from '../../projections/email-comment/comment.mapper';
import { GetCommentQuery } from './get-comment.query';

@QueryHandler(GetCommentQuery)
export class GetCommentHandler implements IQueryHandler<GetCommentQuery, Comment | null> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId, commentId }: GetCommentQuery): Promise<Comment | null> {
    const [row]: CommentRow[] = await this.db.query(`${SELECT_COMMENT} WHERE c.team_id = $1 AND c.id = $2`, [
      teamId,
      commentId,
    ]);
    return row ? toComment(row) : null;
  }
}

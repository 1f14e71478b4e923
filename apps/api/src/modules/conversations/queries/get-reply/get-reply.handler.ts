import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Reply } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { type ReplyRow, SELECT_REPLY, toReply } from '../../projections/email-reply/reply.mapper';
import { GetReplyQuery } from './get-reply.query';

@QueryHandler(GetReplyQuery)
export class GetReplyHandler implements IQueryHandler<GetReplyQuery, Reply | null> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId, replyId }: GetReplyQuery): Promise<Reply | null> {
    const [row]: ReplyRow[] = await this.db.query(`${SELECT_REPLY} WHERE r.id = $1 AND r.team_id = $2`, [
      replyId,
      teamId,
    ]);
    return row ? toReply(row) : null;
  }
}

import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Reply } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { type ReplyRow, SELECT_REPLY, toReply } from '../../projections/email-reply/reply.mapper';
import { InboxEmailQueries } from '../inbox-email.queries';
import { ListRepliesQuery } from './list-replies.query';

@QueryHandler(ListRepliesQuery)
export class ListRepliesHandler implements IQueryHandler<ListRepliesQuery, Reply[]> {
  constructor(
    private readonly inbox: InboxEmailQueries,
    private readonly db: DataSource,
  ) {}

  async execute({ teamId, emailId }: ListRepliesQuery): Promise<Reply[]> {
    await this.inbox.requireEmail(teamId, emailId);
    const rows: ReplyRow[] = await this.db.query(
      `${SELECT_REPLY} WHERE r.team_id = $1 AND r.email_id = $2 ORDER BY r.created_at, r.id`,
      [teamId, emailId],
    );
    return rows.map(toReply);
  }
}

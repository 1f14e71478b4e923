import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ListStarredEmailsQuery } from './list-starred-emails.query';

@QueryHandler(ListStarredEmailsQuery)
export class ListStarredEmailsHandler implements IQueryHandler<ListStarredEmailsQuery, string[]> {
  constructor(private readonly db: DataSource) {}

  async execute({ caller, emailIds }: ListStarredEmailsQuery): Promise<string[]> {
    if (emailIds.length === 0) return [];
    const rows: { email_id: string }[] = await this.db.query(
      'SELECT email_id FROM email_star WHERE user_id = $1 AND team_id = $2 AND email_id = ANY($3::uuid[])',
      [caller.userId, caller.teamId, emailIds],
    );
    return rows.map((row) => row.email_id);
  }
}

import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ReplyTemplate } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import {
  type ReplyTemplateRow,
  SELECT_REPLY_TEMPLATE,
  toReplyTemplate,
} from '../../projections/reply-template/reply-template.mapper';
import { ListReplyTemplatesQuery } from './list-reply-templates.query';

@QueryHandler(ListReplyTemplatesQuery)
export class ListReplyTemplatesHandler implements IQueryHandler<ListReplyTemplatesQuery, ReplyTemplate[]> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId }: ListReplyTemplatesQuery): Promise<ReplyTemplate[]> {
    const rows: ReplyTemplateRow[] = await this.db.query(
      `${SELECT_REPLY_TEMPLATE} WHERE team_id = $1 ORDER BY lower(name), id`,
      [teamId],
    );
    return rows.map(toReplyTemplate);
  }
}

import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Label } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { type LabelRow, toLabel } from '../../projections/email-label/label.mapper';
import { ListLabelsQuery } from './list-labels.query';

const FILTER = { all: '', default: 'AND is_default', user: 'AND NOT is_default' } as const;

@QueryHandler(ListLabelsQuery)
export class ListLabelsHandler implements IQueryHandler<ListLabelsQuery, Label[]> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId, which }: ListLabelsQuery): Promise<Label[]> {
    const rows: LabelRow[] = await this.db.query(
      `SELECT * FROM email_label WHERE team_id = $1 ${FILTER[which]} ORDER BY is_default DESC, lower(name)`,
      [teamId],
    );
    return rows.map(toLabel);
  }
}

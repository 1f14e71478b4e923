import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { SlaPolicies, SlaPolicy } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { ListSlaPoliciesQuery } from './list-sla-policies.query';

@QueryHandler(ListSlaPoliciesQuery)
export class ListSlaPoliciesHandler implements IQueryHandler<ListSlaPoliciesQuery, SlaPolicies> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId }: ListSlaPoliciesQuery): Promise<SlaPolicies> {
    const [row]: { policies: SlaPolicy[]; version: number }[] = await this.db.query(
      'SELECT policies, version FROM sla_policies WHERE team_id = $1',
      [teamId],
    );
    return row ? { policies: row.policies, version: row.version } : { policies: [], version: 0 };
  }
}

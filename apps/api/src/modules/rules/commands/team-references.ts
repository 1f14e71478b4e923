import { Injectable } from '@nestjs/common';
import { isReadOnlyRole } from '@teaminbox/contracts';
import { QueryBus } from '@nestjs/cqrs';
import { UserDirectory } from '../../identity';
import { ListLabelsQuery } from '../../labels';
import type { TeamReferences } from '../domain/rules.decider';

/** The team's labels and members now, which a rule's actions may name (the decider checks them). */
@Injectable()
export class RuleTeamReferences {
  constructor(
    private readonly directory: UserDirectory,
    private readonly queries: QueryBus,
  ) {}

  async of(teamId: string): Promise<TeamReferences> {
    const [members, labels] = await Promise.all([
      this.directory.membersOf(teamId),
      this.queries.execute(new ListLabelsQuery(teamId)),
    ]);
    return {
      memberIds: new Set(members.map((member) => member.id)),
      auditorIds: new Set(members.filter((member) => isReadOnlyRole(member.role)).map((member) => member.id)),
      labelIds: new Set(labels.map((label) => label.id)),
    };
  }
}

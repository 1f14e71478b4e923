import { Injectable } from '@nestjs/common';
import { isReadOnlyRole } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { UserDirectory } from '../../identity';
import type { TeamReferences } from '../domain/rules.decider';

/** The team's labels and members now, which a rule's actions may name (the decider checks them). */
@Injectable()
export class RuleTeamReferences {
  constructor(
    private readonly directory: UserDirectory,
    private readonly db: DataSource,
  ) {}

  async of(teamId: string): Promise<TeamReferences> {
    const [members, labels] = await Promise.all([
      this.directory.membersOf(teamId),
      this.db.query('SELECT id FROM email_label WHERE team_id = $1', [teamId]) as Promise<{ id: string }[]>,
    ]);
    return {
      memberIds: new Set(members.map((member) => member.id)),
      auditorIds: new Set(members.filter((member) => isReadOnlyRole(member.role)).map((member) => member.id)),
      labelIds: new Set(labels.map((label) => label.id)),
    };
  }
}

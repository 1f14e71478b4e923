import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { SLA_POLICIES_CHANGED_MESSAGE, type SlaPolicies } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../platform/auth';
import { EventSourcedRepository } from '../../../platform/event-sourcing';
import { type SlaPoliciesCommand, slaPoliciesDecider, slaPoliciesStreamId } from '../domain/sla-policies.decider';
import { SLA_POLICIES_PROJECTION } from '../projections/sla-policies/sla-policies.projection';
import { ListSlaPoliciesQuery } from '../queries/list-sla-policies/list-sla-policies.query';

type WithoutCaller<C> = C extends unknown ? Omit<C, 'teamId' | 'role'> : never;

/**
 * Decides a command on the team's stream `sla-policies-<teamId>` for the caller, on the version they read, then
 * answers the policies as they now are. A writer who appended first makes the change a conflict (409).
 */
@Injectable()
export class SlaPoliciesStream {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
  ) {}

  async decide(caller: TeamCaller, command: WithoutCaller<SlaPoliciesCommand>): Promise<SlaPolicies> {
    await this.repository.decide(
      slaPoliciesStreamId(caller.teamId),
      slaPoliciesDecider,
      { ...command, teamId: caller.teamId, role: caller.role } as SlaPoliciesCommand,
      { conflictMessage: SLA_POLICIES_CHANGED_MESSAGE, waitFor: [SLA_POLICIES_PROJECTION] },
    );
    return this.queries.execute(new ListSlaPoliciesQuery(caller.teamId));
  }
}

import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SlaPolicies } from '@teaminbox/contracts';
import { SlaPoliciesStream } from '../sla-policies-stream';
import { ReorderSlaPoliciesCommand } from './reorder-sla-policies.command';

@CommandHandler(ReorderSlaPoliciesCommand)
export class ReorderSlaPoliciesHandler implements ICommandHandler<ReorderSlaPoliciesCommand, SlaPolicies> {
  constructor(private readonly stream: SlaPoliciesStream) {}

  execute({ caller, request: { expectedVersion, policyIds } }: ReorderSlaPoliciesCommand): Promise<SlaPolicies> {
    return this.stream.decide(caller, { type: 'ReorderSlaPolicies', expectedVersion, policyIds });
  }
}

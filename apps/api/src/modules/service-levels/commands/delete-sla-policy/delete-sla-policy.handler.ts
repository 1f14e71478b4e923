import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SlaPolicies } from '@teaminbox/contracts';
import { SlaPoliciesStream } from '../sla-policies-stream';
import { DeleteSlaPolicyCommand } from './delete-sla-policy.command';

@CommandHandler(DeleteSlaPolicyCommand)
export class DeleteSlaPolicyHandler implements ICommandHandler<DeleteSlaPolicyCommand, SlaPolicies> {
  constructor(private readonly stream: SlaPoliciesStream) {}

  execute({ caller, policyId, expectedVersion }: DeleteSlaPolicyCommand): Promise<SlaPolicies> {
    return this.stream.decide(caller, { type: 'DeleteSlaPolicy', expectedVersion, policyId });
  }
}

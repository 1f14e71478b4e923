import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SlaPolicies } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { SlaPoliciesStream } from '../sla-policies-stream';
import { CreateSlaPolicyCommand } from './create-sla-policy.command';

@CommandHandler(CreateSlaPolicyCommand)
export class CreateSlaPolicyHandler implements ICommandHandler<CreateSlaPolicyCommand, SlaPolicies> {
  constructor(private readonly stream: SlaPoliciesStream) {}

  execute({ caller, request: { expectedVersion, ...definition } }: CreateSlaPolicyCommand): Promise<SlaPolicies> {
    return this.stream.decide(caller, { type: 'CreateSlaPolicy', expectedVersion, policyId: uuidv7(), definition });
  }
}

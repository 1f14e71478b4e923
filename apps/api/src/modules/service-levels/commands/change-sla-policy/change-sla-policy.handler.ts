import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SlaPolicies } from '@teaminbox/contracts';
import { SlaPoliciesStream } from '../sla-policies-stream';
import { ChangeSlaPolicyCommand } from './change-sla-policy.command';

@CommandHandler(ChangeSlaPolicyCommand)
export class ChangeSlaPolicyHandler implements ICommandHandler<ChangeSlaPolicyCommand, SlaPolicies> {
  constructor(private readonly stream: SlaPoliciesStream) {}

  execute({ caller, policyId, request: { expectedVersion, ...definition } }: ChangeSlaPolicyCommand) {
    return this.stream.decide(caller, { type: 'ChangeSlaPolicy', expectedVersion, policyId, definition });
  }
}

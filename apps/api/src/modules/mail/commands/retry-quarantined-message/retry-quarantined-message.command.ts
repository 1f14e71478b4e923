import { Command } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

export const RETRY_IMPORTED_MESSAGE = 'The message was imported into the inbox.';
export const RETRY_DUPLICATE_MESSAGE = 'The message is already in the inbox.';

/** POST /email-server-config/quarantine/{id}/retry: imports a quarantined message again. */
export class RetryQuarantinedMessageCommand extends Command<SuccessMessageResponse> {
  constructor(
    readonly caller: TeamCaller,
    readonly id: string,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';
import type { ComposeEmailResponse, TComposeEmailRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** Starts a new conversation of the caller's team: its first message, queued for sending (202). */
export class ComposeEmailCommand extends Command<ComposeEmailResponse> {
  constructor(
    readonly caller: TeamCaller,
    readonly request: TComposeEmailRequest,
  ) {
    super();
  }
}

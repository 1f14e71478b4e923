import { Command } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';

/** Puts a handful of realistic emails into the caller's team inbox. */
export class CreateSampleEmailsCommand extends Command<SuccessMessageResponse> {
  constructor(readonly userId: string) {
    super();
  }
}

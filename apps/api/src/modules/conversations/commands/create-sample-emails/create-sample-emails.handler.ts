import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { comparePositions, type Position } from '../../../../platform/event-store/event-store.port';
import { EventSourcedRepository, ReadYourWrites } from '../../../../platform/event-sourcing';
import { emailDecider, emailStreamId } from '../../domain/email.decider';
import { INBOX_EMAIL_PROJECTION } from '../../projections/inbox-email/inbox-email.projection';
import { CreateSampleEmailsCommand } from './create-sample-emails.command';
import { sampleEmails } from './sample-emails';

@CommandHandler(CreateSampleEmailsCommand)
export class CreateSampleEmailsHandler implements ICommandHandler<CreateSampleEmailsCommand, SuccessMessageResponse> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async execute({ caller }: CreateSampleEmailsCommand): Promise<SuccessMessageResponse> {
    const emails = sampleEmails(caller.teamId, 'support@teaminbox.local', new Date(), uuidv7);
    let last: Position | null = null;
    for (const email of emails) {
      const appended = await this.repository.decide(
        emailStreamId(email.emailId),
        emailDecider,
        { type: 'ReceiveEmail', data: email },
        { expectNew: true },
      );
      if (appended && (!last || comparePositions(appended.position, last) > 0)) last = appended.position;
    }
    await this.readYourWrites.waitFor(last, [INBOX_EMAIL_PROJECTION]);
    return { success: true, message: `Created ${emails.length} sample emails` };
  }
}

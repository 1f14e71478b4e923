import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EmailStar } from '@teaminbox/contracts';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { EMAIL_STAR_PROJECTION } from '../../projections/email-star/email-star.projection';
import { emailDecider, emailStreamId } from '../../domain/email.decider';
import { StarEmailCommand } from './star-email.command';

@CommandHandler(StarEmailCommand)
export class StarEmailHandler implements ICommandHandler<StarEmailCommand, EmailStar> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ caller: { teamId, userId }, emailId, starred }: StarEmailCommand): Promise<EmailStar> {
    await this.repository.decide(
      emailStreamId(emailId),
      emailDecider,
      { type: starred ? 'Star' : 'Unstar', teamId, userId },
      { waitFor: [EMAIL_STAR_PROJECTION] },
    );
    return { emailId, starred };
  }
}

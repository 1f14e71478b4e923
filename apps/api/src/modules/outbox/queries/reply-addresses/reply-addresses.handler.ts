import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ReplyAddresses } from '@teaminbox/contracts';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { emailStreamId } from '../../../conversations';
import { MailboxSettingsReader } from '../../../mail';
import { replyAddressesOf } from '../../domain/reply-content';
import { emailToAnswer, replyDecider } from '../../domain/reply.decider';
import { ReplyAddressesQuery } from './reply-addresses.query';

/**
 * Read from the email's stream (the EmailReceived keeps Reply-To, To and Cc as they arrived); the team's own
 * addresses are its mailbox's sender and login names. An email of another team, or none, answers 404.
 */
@QueryHandler(ReplyAddressesQuery)
export class ReplyAddressesHandler implements IQueryHandler<ReplyAddressesQuery, ReplyAddresses> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly mailboxes: MailboxSettingsReader,
  ) {}

  async execute({ teamId, emailId }: ReplyAddressesQuery): Promise<ReplyAddresses> {
    const { state } = await this.repository.load(emailStreamId(emailId), replyDecider);
    const email = emailToAnswer(state, { teamId, queuedBy: '' });
    const settings = await this.mailboxes.settingsOf(teamId);
    const own = settings ? [settings.fromEmail, settings.imapUsername, settings.smtpUsername] : [];
    return replyAddressesOf(email, own);
  }
}

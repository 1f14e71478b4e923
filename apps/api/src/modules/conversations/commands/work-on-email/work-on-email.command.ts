import { Command } from '@nestjs/cqrs';
import type { Email, EmailStatus, Priority } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** What a caller asks of an email; the handler adds the team and validates ids against it. */
export type EmailWork =
  | { type: 'MarkRead' }
  | { type: 'MarkUnread' }
  | { type: 'Archive' }
  | { type: 'Unarchive' }
  | { type: 'MarkSpam' }
  | { type: 'MarkNotSpam' }
  | { type: 'Mute' }
  | { type: 'Unmute' }
  /** An empty or null user id unassigns. */
  | { type: 'Assign'; assignedTo: string | null }
  | { type: 'AddLabel'; labelId: string }
  | { type: 'RemoveLabel'; labelId: string }
  | { type: 'SetStatus'; status: EmailStatus }
  | { type: 'SetPriority'; priority: Priority };

/** A change of one email of the caller's team; answers the email as it is now. */
export class WorkOnEmailCommand extends Command<Email> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailId: string,
    readonly work: EmailWork,
  ) {
    super();
  }
}

import type { WorkOnEmail } from '../../domain/email.decider';

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
  | { type: 'RemoveLabel'; labelId: string };

export class WorkOnEmailCommand {
  constructor(
    readonly userId: string,
    readonly emailId: string,
    readonly work: EmailWork,
  ) {}
}

export type { WorkOnEmail };

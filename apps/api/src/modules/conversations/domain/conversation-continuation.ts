import type { EmailStatus, Priority } from '@teaminbox/contracts';

/** One email of a conversation, as the team left it. */
export interface ConversationEmail {
  emailId: string;
  assignedTo: string | null;
  labels: readonly string[];
  priority: Priority;
  status: EmailStatus;
  archived: boolean;
  receivedAt: string;
}

/** What a follow-up changes: on itself, and on the conversation's emails that open again. */
export interface Continuation {
  /** The conversation's assignee, when the follow-up is not assigned to them yet. */
  assignTo: string | null;
  /** The conversation's labels the follow-up lacks. */
  addLabels: string[];
  /** The conversation's priority, when the follow-up's differs. */
  priority: Priority | null;
  /** The follow-up's status, when it must change (the conversation was being worked on). */
  status: EmailStatus | null;
  /** The conversation's resolved, closed or archived emails: their open status and whether they leave the archive. */
  reopen: { emailId: string; status: EmailStatus | null; unarchive: boolean }[];
}

const DONE: readonly EmailStatus[] = ['RESOLVED', 'CLOSED'];

/**
 * What a received email takes from its conversation (the other emails of its thread). The conversation's state is
 * that of its latest email before the follow-up (by reception, then id): its assignee, labels and priority. A
 * conversation that was done (resolved, closed) or archived opens again: its emails become IN_PROGRESS when it has
 * an assignee, NEW otherwise, and leave the archive; the follow-up keeps a status being worked on (IN_PROGRESS) and
 * is otherwise open as it arrived. Null when the email is alone in its thread or not known yet.
 */
export function continuationOf(followUpId: string, emails: readonly ConversationEmail[]): Continuation | null {
  const followUp = emails.find((email) => email.emailId === followUpId);
  const earlier = emails
    .filter((email) => email.emailId !== followUpId)
    .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || b.emailId.localeCompare(a.emailId));
  if (!followUp || earlier.length === 0) return null;
  const latest = earlier[0];
  const assignee = latest.assignedTo;
  const open: EmailStatus = assignee ? 'IN_PROGRESS' : 'NEW';
  const wanted: EmailStatus = DONE.includes(latest.status) ? open : latest.status;
  return {
    assignTo: assignee && followUp.assignedTo !== assignee ? assignee : null,
    addLabels: latest.labels.filter((label) => !followUp.labels.includes(label)),
    priority: latest.priority !== followUp.priority ? latest.priority : null,
    status: wanted !== followUp.status && !DONE.includes(followUp.status) ? wanted : null,
    reopen: earlier
      .filter((email) => DONE.includes(email.status) || email.archived)
      .map((email) => ({
        emailId: email.emailId,
        status: DONE.includes(email.status) ? open : null,
        unarchive: email.archived,
      })),
  };
}

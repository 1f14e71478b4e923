import type { DomainEventMap, EmailComposed, EmailReceived, EmailStatus, Priority } from '@teaminbox/contracts';
import { EMAIL_ROW_EVENT_TYPES } from '../../domain/email.decider';

/**
 * The columns of an `inbox_email` row that events after EmailReceived change. The projection folds the events of a
 * batch into this state per email and writes each email once; uuids are kept lower-case so that they compare as
 * Postgres compares uuids.
 */
export interface InboxEmailState {
  id: string;
  teamId: string;
  /** As Postgres reads it back (text) or as the event carries it: written back unchanged. */
  readAt: string | null;
  readBy: string | null;
  isArchived: boolean;
  isSpam: boolean;
  assignedTo: string | null;
  labels: string[];
  status: EmailStatus;
  priority: Priority;
  /** Until when the email is snoozed, as read back or as EmailSnoozed carries it; null when it is not. */
  snoozedUntil: string | null;
  /** When it last woke (EmailWoken's wokenAt, or as read back); null when it never did. It lists it on top. */
  wokenAt: string | null;
}

/** The events that change an existing row's state (EmailReceived creates it, LabelDeleted acts on the team). */
export type InboxEmailStateEvent =
  | { type: 'EmailMarkedRead'; data: DomainEventMap['EmailMarkedRead'] }
  | { type: 'EmailMarkedUnread'; data: DomainEventMap['EmailMarkedUnread'] }
  | { type: 'EmailArchived'; data: DomainEventMap['EmailArchived'] }
  | { type: 'EmailUnarchived'; data: DomainEventMap['EmailUnarchived'] }
  | { type: 'EmailMarkedSpam'; data: DomainEventMap['EmailMarkedSpam'] }
  | { type: 'EmailMarkedNotSpam'; data: DomainEventMap['EmailMarkedNotSpam'] }
  | { type: 'EmailAssigned'; data: DomainEventMap['EmailAssigned'] }
  | { type: 'EmailUnassigned'; data: DomainEventMap['EmailUnassigned'] }
  | { type: 'EmailLabelAdded'; data: DomainEventMap['EmailLabelAdded'] }
  | { type: 'EmailLabelRemoved'; data: DomainEventMap['EmailLabelRemoved'] }
  | { type: 'EmailStatusChanged'; data: DomainEventMap['EmailStatusChanged'] }
  | { type: 'EmailPriorityChanged'; data: DomainEventMap['EmailPriorityChanged'] }
  | { type: 'EmailSnoozed'; data: DomainEventMap['EmailSnoozed'] }
  | { type: 'EmailWoken'; data: DomainEventMap['EmailWoken'] };

export const INBOX_EMAIL_STATE_EVENT_TYPES: ReadonlySet<string> = new Set<InboxEmailStateEvent['type']>(
  EMAIL_ROW_EVENT_TYPES,
);

const lower = (id: string) => id.toLowerCase();

/** The state of a freshly received email (what the INSERT of EmailReceived alone writes). */
export function receivedState(data: EmailReceived): InboxEmailState {
  return {
    id: lower(data.emailId),
    teamId: lower(data.teamId),
    readAt: null,
    readBy: null,
    isArchived: false,
    isSpam: false,
    assignedTo: null,
    labels: [],
    status: data.status,
    priority: data.priority,
    snoozedUntil: null,
    wokenAt: null,
  };
}

/** The state of a conversation the team started: read by its author when written, and assigned to them. */
export function composedState(data: EmailComposed): InboxEmailState {
  return {
    ...receivedState(data),
    readAt: data.receivedAt,
    readBy: lower(data.composedBy),
    assignedTo: lower(data.assignedTo),
  };
}

/**
 * The state after one event, exactly what its single-row UPDATE used to do (`WHERE id = email AND team_id = team`:
 * an event naming another team changes nothing). A label added again moves to the end, as array_append did.
 */
export function evolveInboxEmail(state: InboxEmailState, event: InboxEmailStateEvent): InboxEmailState {
  if (lower(event.data.teamId) !== state.teamId) return state;
  switch (event.type) {
    case 'EmailMarkedRead':
      return { ...state, readAt: event.data.readAt ?? null, readBy: lower(event.data.userId) };
    case 'EmailMarkedUnread':
      return { ...state, readAt: null, readBy: null };
    case 'EmailArchived':
      return { ...state, isArchived: true };
    case 'EmailUnarchived':
      return { ...state, isArchived: false };
    case 'EmailMarkedSpam':
      return { ...state, isSpam: true };
    case 'EmailMarkedNotSpam':
      return { ...state, isSpam: false };
    case 'EmailAssigned':
      return { ...state, assignedTo: lower(event.data.assignedTo) };
    case 'EmailUnassigned':
      return { ...state, assignedTo: null };
    case 'EmailLabelAdded': {
      const labelId = lower(event.data.labelId);
      return { ...state, labels: [...state.labels.filter((label) => label !== labelId), labelId] };
    }
    case 'EmailLabelRemoved': {
      const labelId = lower(event.data.labelId);
      return { ...state, labels: state.labels.filter((label) => label !== labelId) };
    }
    case 'EmailStatusChanged':
      return { ...state, status: event.data.status };
    case 'EmailPriorityChanged':
      return { ...state, priority: event.data.priority };
    case 'EmailSnoozed':
      return { ...state, snoozedUntil: event.data.until };
    case 'EmailWoken': {
      // Back in the inbox; unread unless a member woke it by hand (as the email's decider evolves it).
      // It is listed at the time it woke (on top), as mail received then would be.
      const back = { ...state, snoozedUntil: null, isArchived: false, wokenAt: event.data.wokenAt };
      return event.data.reason === 'manual' ? back : { ...back, readAt: null, readBy: null };
    }
    default: {
      const unknown: never = event;
      throw new Error(`Unknown inbox email event ${JSON.stringify(unknown)}`);
    }
  }
}

/** LabelDeleted on one email: the label goes from every email of its team. */
export function withoutDeletedLabel(state: InboxEmailState, teamId: string, labelId: string): InboxEmailState {
  const label = lower(labelId);
  return lower(teamId) === state.teamId && state.labels.includes(label)
    ? { ...state, labels: state.labels.filter((l) => l !== label) }
    : state;
}

export const sameInboxEmailState = (a: InboxEmailState, b: InboxEmailState): boolean =>
  a.readAt === b.readAt &&
  a.readBy === b.readBy &&
  a.isArchived === b.isArchived &&
  a.isSpam === b.isSpam &&
  a.assignedTo === b.assignedTo &&
  a.status === b.status &&
  a.priority === b.priority &&
  a.snoozedUntil === b.snoozedUntil &&
  a.wokenAt === b.wokenAt &&
  a.labels.length === b.labels.length &&
  a.labels.every((label, i) => label === b.labels[i]);

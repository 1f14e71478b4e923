import type {
  EventMetadata,
  ReplyDraftSaved,
  ReplyFailed,
  ReplyQueued,
  ReplySendCancelled,
  ReplySent,
} from '@teaminbox/contracts';
import { emailDecider, type EmailEvent, type EmailState } from './email.decider';

/** An event of the email's stream as the store gives it (any type: the outbox's delivery events included). */
export interface EmailStreamEvent {
  type: string;
  data: unknown;
  metadata: EventMetadata;
  streamVersion: number;
}

export interface CommentAsOf {
  userId: string;
  message: string;
  mentions: string[];
  createdAt: string;
  updatedAt: string | null;
}

export interface DraftAsOf {
  draft: ReplyDraftSaved;
  createdAt: string;
  updatedAt: string | null;
}

export interface ReplyAsOf {
  queued: ReplyQueued;
  queuedAt: string;
  outcome: { type: 'ReplySent'; data: ReplySent } | { type: 'ReplyFailed'; data: ReplyFailed } | null;
}

/**
 * The email at an instant. `state` is the decider's own state (folded with emailDecider.evolve, the code the
 * commands decide on): it alone says which comments, drafts, replies and labels exist. The other fields are the
 * words of those things as the events carried them (a comment's text, a draft's fields), looked up by the ids the
 * state holds.
 */
export interface EmailAsOfFold {
  state: EmailState;
  /** The stream version folded to (0: none). */
  version: number;
  lastRead: { userId: string; readAt: string } | null;
  assignedToName: string | null;
  labelNames: ReadonlyMap<string, string>;
  comments: ReadonlyMap<string, CommentAsOf>;
  drafts: ReadonlyMap<string, DraftAsOf>;
  replies: ReadonlyMap<string, ReplyAsOf>;
}

const STATE_TYPES: ReadonlySet<string> = new Set(emailDecider.eventTypes);

/**
 * The events up to an instant: the stream's longest prefix whose events occurred at or before it (a stream is
 * ordered by version; an event stamped later than one after it, by a skewed clock, ends the prefix there, so the
 * state is always one the decider really had).
 */
export function eventsUpTo<E extends Pick<EmailStreamEvent, 'metadata'>>(events: readonly E[], instant: number): E[] {
  const end = events.findIndex((event) => Date.parse(event.metadata.occurredAt) > instant);
  return end === -1 ? [...events] : events.slice(0, end);
}

/** Folds the email's events that occurred up to `instant` (ms since the epoch). */
export function foldEmailAsOf(events: readonly EmailStreamEvent[], instant: number): EmailAsOfFold {
  let state = emailDecider.initialState();
  let version = 0;
  let lastRead: EmailAsOfFold['lastRead'] = null;
  let assignedToName: string | null = null;
  const labelNames = new Map<string, string>();
  const comments = new Map<string, CommentAsOf>();
  const drafts = new Map<string, DraftAsOf>();
  const replies = new Map<string, ReplyAsOf>();

  for (const event of eventsUpTo(events, instant)) {
    version = event.streamVersion;
    const at = event.metadata.occurredAt;
    if (STATE_TYPES.has(event.type)) {
      state = emailDecider.evolve(state, {
        type: event.type,
        data: event.data,
        metadata: event.metadata,
      } as EmailEvent);
    }
    const typed = event as unknown as
      | EmailEvent
      | { type: 'ReplySent'; data: ReplySent }
      | { type: 'ReplyFailed'; data: ReplyFailed }
      | { type: 'ReplySendCancelled'; data: ReplySendCancelled };
    switch (typed.type) {
      case 'EmailMarkedRead':
        lastRead = { userId: typed.data.userId, readAt: typed.data.readAt };
        break;
      case 'EmailAssigned':
        assignedToName = typed.data.assignedToName;
        break;
      case 'EmailLabelAdded':
      case 'EmailLabelRemoved':
        labelNames.set(typed.data.labelId, typed.data.labelName);
        break;
      case 'CommentAdded': {
        const { userId, message, mentions } = typed.data;
        comments.set(typed.data.commentId, { userId, message, mentions, createdAt: at, updatedAt: null });
        break;
      }
      case 'CommentEdited': {
        const before = comments.get(typed.data.commentId);
        if (before) {
          const { message, mentions } = typed.data;
          comments.set(typed.data.commentId, { ...before, message, mentions, updatedAt: at });
        }
        break;
      }
      case 'ReplyDraftSaved': {
        const before = drafts.get(typed.data.draftId);
        drafts.set(typed.data.draftId, {
          draft: typed.data,
          createdAt: before?.createdAt ?? at,
          updatedAt: before ? at : null,
        });
        break;
      }
      case 'ReplyQueued':
        replies.set(typed.data.replyId, { queued: typed.data, queuedAt: at, outcome: null });
        break;
      case 'ReplySent':
      case 'ReplyFailed': {
        const reply = replies.get(typed.data.replyId);
        if (reply && !reply.outcome) replies.set(typed.data.replyId, { ...reply, outcome: typed } as ReplyAsOf);
        break;
      }
      // An undone send, or a scheduled one cancelled, is no reply any more: it is the draft saved with it.
      case 'ReplySendCancelled':
        replies.delete(typed.data.replyId);
        break;
      default:
        break;
    }
  }

  if (state.status !== 'received') {
    return { state, version, lastRead: null, assignedToName: null, labelNames, comments, drafts, replies };
  }
  // Only what the decider's state holds stood at that instant (deleted comments and drafts, sent drafts are gone).
  const kept = <V>(all: Map<string, V>, ids: Iterable<string>) => {
    const result = new Map<string, V>();
    for (const id of ids) {
      const value = all.get(id);
      if (value !== undefined) result.set(id, value);
    }
    return result;
  };
  return {
    state,
    version,
    lastRead: state.read ? lastRead : null,
    assignedToName: state.assignedTo ? assignedToName : null,
    labelNames: kept(labelNames, state.labels),
    comments: kept(comments, state.comments.keys()),
    drafts: kept(drafts, state.drafts),
    replies: kept(replies, state.queued),
  };
}

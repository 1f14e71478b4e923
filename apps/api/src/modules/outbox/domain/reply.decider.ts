import type {
  EmailComposed,
  EmailReceived,
  EventMetadata,
  ReplyFailed,
  ReplyQueued,
  ReplySent,
} from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import type { DomainEvent } from '../../../platform/event-sourcing/domain-event';
import { messageIdFor, normalizeMessageId, referencesFor } from './reply-message';

export const EMAIL_NOT_FOUND_MESSAGE = 'Email not found';
export const COLLISION_MESSAGE = 'New activity on this email since you started your reply';

/** A reply of the team to an email, as the sender wrote it (the thread headers come from the email). */
export type OutgoingReply = Omit<ReplyQueued, 'inReplyTo' | 'references'>;

/**
 * An outgoing message of the team's mailbox (a reply or a forward): its sender and Message-ID come from the
 * mailbox's settings, its attachments are listed without their contents (the outbox stores those).
 */
export function outgoingFrom(
  settings: { fromName: string; fromEmail: string },
  message: Omit<OutgoingReply, 'messageId' | 'from' | 'attachments'> & {
    attachments: readonly { id: string; fileName: string; contentType: string; size: number }[];
  },
): OutgoingReply {
  return {
    ...message,
    messageId: messageIdFor(message.replyId, settings.fromEmail),
    from: { name: settings.fromName, email: settings.fromEmail },
    attachments: message.attachments.map(({ id, fileName, contentType, size }) => ({
      id,
      fileName,
      contentType,
      size,
    })),
  };
}

export type QueueReply = {
  type: 'QueueReply';
  reply: OutgoingReply;
  /** The draft it was written in: deleted with the queuing when still open. */
  draftId?: string;
  /** Refuse (409) when someone else commented or queued a reply after this time. */
  unchangedSince?: string;
};
export type RecordReplySent = { type: 'RecordReplySent'; data: ReplySent };
export type RecordReplyFailed = { type: 'RecordReplyFailed'; data: ReplyFailed };
export type ReplyCommand = QueueReply | RecordReplySent | RecordReplyFailed;

export type ReplyEvent =
  | DomainEvent<'ReplyDraftDeleted'>
  | { type: 'ReplyQueued'; data: ReplyQueued }
  | { type: 'ReplySent'; data: ReplySent }
  | { type: 'ReplyFailed'; data: ReplyFailed };

type EmailStreamEvent = (
  | ReplyEvent
  | DomainEvent<'EmailReceived' | 'CommentAdded' | 'ReplyDraftSaved'>
  | { type: 'EmailComposed'; data: EmailComposed }
) & {
  metadata?: EventMetadata;
};

export interface ReplyState {
  original: EmailReceived | null;
  /** Comments and queued replies: who and when, for the collision check. */
  activity: readonly { kind: 'comment' | 'reply'; actorUserId: string | null; at: number }[];
  openDrafts: ReadonlySet<string>;
  /** Queued replies by id, and whether their sending finished (sent or failed for good). */
  replies: ReadonlyMap<string, { queued: ReplyQueued; finished: boolean }>;
}

/**
 * What a reply needs of the email: it is the team's (404 otherwise) and, with `unchangedSince`, nobody else
 * commented or queued a reply since then (409 with what arrived). Answers the email.
 */
export function emailToAnswer(
  state: ReplyState,
  reply: Pick<OutgoingReply, 'teamId' | 'queuedBy'>,
  unchangedSince?: string,
): EmailReceived {
  if (!state.original || state.original.teamId !== reply.teamId) {
    throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
  }
  if (unchangedSince) {
    const since = Date.parse(unchangedSince);
    const news = state.activity.filter((entry) => entry.at > since && entry.actorUserId !== reply.queuedBy);
    const comments = news.filter((entry) => entry.kind === 'comment').length;
    const replies = news.length - comments;
    if (news.length > 0) {
      throw new DomainError('conflict', COLLISION_MESSAGE, { collision: { comments, replies, since: unchangedSince } });
    }
  }
  return state.original;
}

function decideQueue(command: QueueReply, state: ReplyState): ReplyEvent[] {
  const { reply, draftId, unchangedSince } = command;
  // Queuing the same reply again (same id: a retried request) changes nothing, whatever happened since.
  if (state.replies.has(reply.replyId)) {
    emailToAnswer(state, reply);
    return [];
  }
  const original = emailToAnswer(state, reply, unchangedSince);
  const originalId = normalizeMessageId(original.messageId);
  const queued: ReplyQueued = {
    ...reply,
    inReplyTo: originalId,
    references: referencesFor(original.references ?? [], originalId),
  };
  const { emailId, teamId } = reply;
  return [
    ...(draftId && state.openDrafts.has(draftId)
      ? [{ type: 'ReplyDraftDeleted' as const, data: { emailId, teamId, draftId } }]
      : []),
    { type: 'ReplyQueued', data: queued },
  ];
}

/**
 * The outbox's side of an email's stream (`email-<id>`, owned by the conversations context): a reply is queued
 * once, answering the email's thread, and its sending is recorded once (sent, or failed after the last attempt).
 */
export const replyDecider: Decider<ReplyCommand, EmailStreamEvent, ReplyState> = {
  eventTypes: [
    'EmailReceived',
    'EmailComposed',
    'CommentAdded',
    'ReplyDraftSaved',
    'ReplyDraftDeleted',
    'ReplyQueued',
    'ReplySent',
    'ReplyFailed',
  ],
  initialState: () => ({ original: null, activity: [], openDrafts: new Set(), replies: new Map() }),

  decide(command, state) {
    switch (command.type) {
      case 'QueueReply':
        return decideQueue(command, state);
      case 'RecordReplySent':
      case 'RecordReplyFailed': {
        const reply = state.replies.get(command.data.replyId);
        if (!reply || reply.finished) return [];
        if (command.type === 'RecordReplySent') return [{ type: 'ReplySent', data: command.data }];
        // The failure names the person the reply was written to: their key seals the server's answer.
        const correspondent = reply.queued.to[0];
        return [{ type: 'ReplyFailed', data: { ...command.data, ...(correspondent ? { correspondent } : {}) } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    const at = Date.parse(event.metadata?.occurredAt ?? '');
    const actorUserId = event.metadata?.actorUserId ?? null;
    switch (event.type) {
      case 'EmailReceived':
        return { ...state, original: event.data };
      // A conversation the team started is answered like a received email: its first message is the original.
      case 'EmailComposed':
        return { ...state, original: event.data };
      case 'CommentAdded':
        return { ...state, activity: [...state.activity, { kind: 'comment', actorUserId, at }] };
      case 'ReplyDraftSaved':
        return { ...state, openDrafts: new Set(state.openDrafts).add(event.data.draftId) };
      case 'ReplyDraftDeleted': {
        const openDrafts = new Set(state.openDrafts);
        openDrafts.delete(event.data.draftId);
        return { ...state, openDrafts };
      }
      case 'ReplyQueued': {
        const replies = new Map(state.replies).set(event.data.replyId, { queued: event.data, finished: false });
        return { ...state, replies, activity: [...state.activity, { kind: 'reply', actorUserId, at }] };
      }
      case 'ReplySent':
      case 'ReplyFailed': {
        const reply = state.replies.get(event.data.replyId);
        if (!reply) return state;
        return { ...state, replies: new Map(state.replies).set(event.data.replyId, { ...reply, finished: true }) };
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

import type {
  EmailComposed,
  EmailReceived,
  EventMetadata,
  OutgoingKind,
  ReplyAttachmentMeta,
  ReplyDraftSaved,
  ReplyFailed,
  ReplyQueued,
  ReplySendCancelled,
  ReplySendingStarted,
  ReplySent,
} from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import type { DomainEvent } from '../../../platform/event-sourcing/domain-event';
import { messageIdFor, normalizeMessageId, referencesFor } from './reply-message';

export const EMAIL_NOT_FOUND_MESSAGE = 'Email not found';
export const COLLISION_MESSAGE = 'New activity on this email since you started your reply';
export const SCHEDULED_SEND_NOT_FOUND_MESSAGE = 'Scheduled send not found';
export const ALREADY_SENT_MESSAGE = 'This reply has already been sent and can no longer be undone';
/** The same for a forward or a new email: it is no reply. */
export const MESSAGE_ALREADY_SENT_MESSAGE = 'This message has already been sent and can no longer be undone';

/** What a queued message is: a reply (no kind in its event), a forward, or the first message of a new conversation. */
export const kindOf = (queued: Pick<ReplyQueued, 'kind'>): OutgoingKind => queued.kind ?? 'reply';

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
/** The send job is about to hand the reply to SMTP: from then on it cannot be undone. */
export type StartSending = { type: 'StartSending'; data: ReplySendingStarted };
/** Undo send / cancel a scheduled send: the reply becomes the draft `draftId` again, with its attachments. */
export type CancelSend = { type: 'CancelSend'; data: ReplySendCancelled };
export type ReplyCommand = QueueReply | RecordReplySent | RecordReplyFailed | StartSending | CancelSend;

export type ReplyEvent =
  | DomainEvent<'ReplyDraftDeleted'>
  | DomainEvent<'ReplyDraftSaved'>
  | { type: 'ReplyQueued'; data: ReplyQueued }
  | { type: 'ReplySendingStarted'; data: ReplySendingStarted }
  | { type: 'ReplySendCancelled'; data: ReplySendCancelled }
  | { type: 'ReplySent'; data: ReplySent }
  | { type: 'ReplyFailed'; data: ReplyFailed };

type EmailStreamEvent = (
  ReplyEvent | DomainEvent<'EmailReceived' | 'CommentAdded'> | { type: 'EmailComposed'; data: EmailComposed }
) & {
  metadata?: EventMetadata;
};

export interface ReplyState {
  original: EmailReceived | null;
  /** Comments and queued replies: who and when, for the collision check. */
  activity: readonly { kind: 'comment' | 'reply'; actorUserId: string | null; at: number }[];
  openDrafts: ReadonlySet<string>;
  /** The attachments of open drafts that were replies once (an undone send): sent with the draft. */
  draftAttachments: ReadonlyMap<string, readonly ReplyAttachmentMeta[]>;
  /**
   * Open drafts that were a forward or a new email once (an undone send): sent from the draft, the message is that
   * again (a new email: the conversation's first message, with its Message-ID and no thread headers).
   */
  draftKinds: ReadonlyMap<string, 'forward' | 'compose'>;
  /** Queued replies by id and how far their sending went. */
  replies: ReadonlyMap<string, QueuedReplyState>;
}

export interface QueuedReplyState {
  queued: ReplyQueued;
  /** Handed to SMTP (ReplySendingStarted): it can no longer be undone. */
  sending: boolean;
  /** Undone before it was sent: the send job sends nothing. */
  cancelled: boolean;
  /** Sent, or failed for good. */
  finished: boolean;
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
  const restoredKind = draftId ? state.draftKinds.get(draftId) : undefined;
  const queued: ReplyQueued =
    restoredKind === 'compose'
      ? { ...reply, kind: 'compose', messageId: original.messageId, inReplyTo: null, references: [] }
      : {
          ...reply,
          ...(restoredKind ? { kind: restoredKind } : {}),
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

function decideStartSending(command: StartSending, state: ReplyState): ReplyEvent[] {
  const reply = state.replies.get(command.data.replyId);
  if (!reply || reply.sending || reply.cancelled || reply.finished) return [];
  return [{ type: 'ReplySendingStarted', data: command.data }];
}

/** The message (a reply, a forward or a new email) as the draft it becomes again: its recipients, texts and attachments, its author's. */
function restoredDraft(queued: ReplyQueued, draftId: string, correspondent: string | undefined): ReplyDraftSaved {
  return {
    emailId: queued.emailId,
    teamId: queued.teamId,
    draftId,
    userId: queued.queuedBy,
    to: queued.to,
    cc: queued.cc,
    bcc: queued.bcc,
    subject: queued.subject,
    // A quoted reply becomes what the person wrote: sent again from the draft, the original is quoted once.
    body: queued.answer?.text ?? queued.text,
    htmlBody: queued.answer ? queued.answer.html : queued.html,
    isReplyToAll: false,
    ...(correspondent ? { correspondent } : {}),
    attachments: queued.attachments,
  };
}

function decideCancel(command: CancelSend, state: ReplyState): ReplyEvent[] {
  const { replyId, teamId, draftId } = command.data;
  const reply = state.replies.get(replyId);
  if (!reply || reply.queued.teamId !== teamId) {
    throw new DomainError('not-found', SCHEDULED_SEND_NOT_FOUND_MESSAGE);
  }
  if (reply.cancelled) return [];
  if (reply.sending || reply.finished) {
    throw new DomainError('conflict', reply.queued.kind ? MESSAGE_ALREADY_SENT_MESSAGE : ALREADY_SENT_MESSAGE);
  }
  const sender = state.original && 'fromEmail' in state.original ? state.original.fromEmail : undefined;
  return [
    { type: 'ReplySendCancelled', data: command.data },
    { type: 'ReplyDraftSaved', data: restoredDraft(reply.queued, draftId, sender) },
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
    'ReplySendingStarted',
    'ReplySendCancelled',
    'ReplySent',
    'ReplyFailed',
  ],
  initialState: () => ({
    original: null,
    activity: [],
    openDrafts: new Set(),
    draftAttachments: new Map(),
    draftKinds: new Map(),
    replies: new Map(),
  }),

  decide(command, state) {
    switch (command.type) {
      case 'QueueReply':
        return decideQueue(command, state);
      case 'StartSending':
        return decideStartSending(command, state);
      case 'CancelSend':
        return decideCancel(command, state);
      case 'RecordReplySent':
      case 'RecordReplyFailed': {
        const reply = state.replies.get(command.data.replyId);
        if (!reply || reply.finished || reply.cancelled) return [];
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
      case 'ReplyDraftSaved': {
        const { draftId, attachments } = event.data;
        const openDrafts = new Set(state.openDrafts).add(draftId);
        // A save without attachments keeps the ones the draft has.
        if (!attachments) return { ...state, openDrafts };
        return { ...state, openDrafts, draftAttachments: new Map(state.draftAttachments).set(draftId, attachments) };
      }
      case 'ReplyDraftDeleted': {
        const openDrafts = new Set(state.openDrafts);
        openDrafts.delete(event.data.draftId);
        const draftAttachments = new Map(state.draftAttachments);
        draftAttachments.delete(event.data.draftId);
        const draftKinds = new Map(state.draftKinds);
        draftKinds.delete(event.data.draftId);
        return { ...state, openDrafts, draftAttachments, draftKinds };
      }
      case 'ReplyQueued': {
        const replies = new Map(state.replies).set(event.data.replyId, {
          queued: event.data,
          sending: false,
          cancelled: false,
          finished: false,
        });
        return { ...state, replies, activity: [...state.activity, { kind: 'reply', actorUserId, at }] };
      }
      case 'ReplySendingStarted':
        return withReply(state, event.data.replyId, { sending: true });
      case 'ReplySendCancelled': {
        const kind = state.replies.get(event.data.replyId)?.queued.kind;
        const draftKinds = kind ? new Map(state.draftKinds).set(event.data.draftId, kind) : state.draftKinds;
        return withReply({ ...state, draftKinds }, event.data.replyId, { cancelled: true });
      }
      case 'ReplySent':
      case 'ReplyFailed':
        return withReply(state, event.data.replyId, { finished: true });
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

function withReply(state: ReplyState, replyId: string, change: Partial<QueuedReplyState>): ReplyState {
  const reply = state.replies.get(replyId);
  if (!reply) return state;
  return { ...state, replies: new Map(state.replies).set(replyId, { ...reply, ...change }) };
}

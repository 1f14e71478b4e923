import type { EmailReceived, EventMetadata, ReplyQueued } from '@teaminbox/contracts';
import { deciderSpecification } from '../../../../test/support/decider-specification';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { type OutgoingReply, replyDecider } from './reply.decider';

const original: EmailReceived = {
  emailId: 'e1',
  teamId: 't1',
  messageId: 'm1@example.com',
  references: ['<m0@example.com>'],
  subject: 'Hello',
  fromName: 'Alice',
  fromEmail: 'alice@example.com',
  to: ['support@example.com'],
  cc: [],
  text: 'Hi',
  html: null,
  receivedAt: '2024-01-01T10:00:00.000Z',
  priority: 'MEDIUM',
  status: 'NEW',
};

const by = (actorUserId: string, occurredAt: string): { metadata: EventMetadata } => ({
  metadata: { actorUserId, teamId: 't1', correlationId: 'c', causationId: null, occurredAt },
});

const reply: OutgoingReply = {
  replyId: 'r1',
  emailId: 'e1',
  teamId: 't1',
  messageId: '<r1@example.com>',
  from: { name: 'Support', email: 'support@example.com' },
  to: ['alice@example.com'],
  cc: [],
  bcc: [],
  subject: 'Re: Hello',
  text: 'Thanks',
  html: null,
  attachments: [],
  queuedBy: 'u1',
};
const queued: ReplyQueued = {
  ...reply,
  inReplyTo: '<m1@example.com>',
  references: ['<m0@example.com>', '<m1@example.com>'],
};

const emptyDraft = { to: [], cc: [], bcc: [], subject: '', body: '', htmlBody: null, isReplyToAll: false };
const received = { type: 'EmailReceived' as const, data: original, ...by('system', '2024-01-01T10:00:00.000Z') };
const draftSaved = {
  type: 'ReplyDraftSaved' as const,
  data: { emailId: 'e1', teamId: 't1', draftId: 'd1', userId: 'u1', ...emptyDraft },
  ...by('u1', '2024-01-01T10:05:00.000Z'),
};
const failsWith = (kind: string, message: string) => (error: unknown) =>
  error instanceof DomainError && error.kind === kind && error.message === message;

describe('reply decider', () => {
  const spec = deciderSpecification(replyDecider);

  it('queues a reply in the thread of the email it answers, deleting the open draft it was written in', () => {
    spec
      .given([received])
      .when({ type: 'QueueReply', reply })
      .then([{ type: 'ReplyQueued', data: queued }]);
    spec
      .given([received, draftSaved])
      .when({ type: 'QueueReply', reply, draftId: 'd1' })
      .then([
        { type: 'ReplyDraftDeleted', data: { emailId: 'e1', teamId: 't1', draftId: 'd1' } },
        { type: 'ReplyQueued', data: queued },
      ]);
  });

  it('answers 404 for an email of another team or none', () => {
    spec.given([]).when({ type: 'QueueReply', reply }).thenThrows(failsWith('not-found', 'Email not found'));
    spec
      .given([received])
      .when({ type: 'QueueReply', reply: { ...reply, teamId: 't2' } })
      .thenThrows(failsWith('not-found', 'Email not found'));
  });

  it('refuses a reply when someone else commented since the writer started, not for their own activity', () => {
    const comment = (userId: string) => ({
      type: 'CommentAdded' as const,
      data: { emailId: 'e1', teamId: 't1', commentId: `c-${userId}`, userId, message: 'x', mentions: [] },
      ...by(userId, '2024-01-01T11:00:00.000Z'),
    });
    const collision = (error: unknown) =>
      failsWith('conflict', 'New activity on this email since you started your reply')(error) &&
      (error as DomainError).details.collision !== undefined;
    spec
      .given([received, comment('u2')])
      .when({ type: 'QueueReply', reply, unchangedSince: '2024-01-01T10:30:00.000Z' })
      .thenThrows(collision);
    spec
      .given([received, comment('u1')])
      .when({ type: 'QueueReply', reply, unchangedSince: '2024-01-01T10:30:00.000Z' })
      .then([{ type: 'ReplyQueued', data: queued }]);
    spec
      .given([received, comment('u2')])
      .when({ type: 'QueueReply', reply, unchangedSince: '2024-01-01T11:30:00.000Z' })
      .then([{ type: 'ReplyQueued', data: queued }]);
  });

  it('records how the sending ended once, and only for a queued reply', () => {
    const queuedEvent = { type: 'ReplyQueued' as const, data: queued, ...by('u1', '2024-01-01T10:10:00.000Z') };
    const sent = { replyId: 'r1', emailId: 'e1', teamId: 't1', messageId: queued.messageId, sentAt: 'now' };
    spec
      .given([received, queuedEvent])
      .when({ type: 'RecordReplySent', data: sent })
      .then([{ type: 'ReplySent', data: sent }]);
    spec
      .given([received, queuedEvent, { type: 'ReplySent', data: sent, ...by('system', 'now') }])
      .when({ type: 'RecordReplyFailed', data: { ...sent, error: 'late', failedAt: 'now' } })
      .then([]);
    spec.given([received]).when({ type: 'RecordReplySent', data: sent }).then([]);
  });

  it("names the reply's first To recipient in a failure, whose key seals the server's answer", () => {
    const queuedEvent = { type: 'ReplyQueued' as const, data: queued, ...by('u1', '2024-01-01T10:10:00.000Z') };
    const failed = {
      replyId: 'r1',
      emailId: 'e1',
      teamId: 't1',
      messageId: queued.messageId,
      error: '550 <alice@example.com>: mailbox unavailable',
      failedAt: 'now',
    };
    spec
      .given([received, queuedEvent])
      .when({ type: 'RecordReplyFailed', data: failed })
      .then([{ type: 'ReplyFailed', data: { ...failed, correspondent: 'alice@example.com' } }]);
  });

  describe('undo send and scheduled sends', () => {
    const attachment = { id: 'a1', fileName: 'offer.pdf', contentType: 'application/pdf', size: 3 };
    const scheduled: ReplyQueued = { ...queued, attachments: [attachment], sendAt: '2024-01-01T10:10:10.000Z' };
    const queuedEvent = { type: 'ReplyQueued' as const, data: scheduled, ...by('u1', '2024-01-01T10:10:00.000Z') };
    const ids = { replyId: 'r1', emailId: 'e1', teamId: 't1' };
    const started = { type: 'ReplySendingStarted' as const, data: ids, ...by('system', '2024-01-01T10:10:11.000Z') };
    const cancel = { type: 'CancelSend' as const, data: { ...ids, draftId: 'd2' } };
    const cancelled = {
      type: 'ReplySendCancelled' as const,
      data: cancel.data,
      ...by('u1', '2024-01-01T10:10:05.000Z'),
    };

    /** The reply above as the draft an undo makes of it. */
    const restoredReply = {
      emailId: 'e1',
      teamId: 't1',
      draftId: 'd2',
      userId: 'u1',
      to: ['alice@example.com'],
      cc: [],
      bcc: [],
      subject: 'Re: Hello',
      body: 'Thanks',
      htmlBody: null,
      isReplyToAll: false,
      correspondent: 'alice@example.com',
      attachments: [attachment],
    };

    it('turns a reply not yet handed to SMTP back into a draft of its author, with its attachments', () => {
      spec
        .given([received, queuedEvent])
        .when(cancel)
        .then([
          { type: 'ReplySendCancelled', data: cancel.data },
          {
            type: 'ReplyDraftSaved',
            data: restoredReply,
          },
        ]);
    });

    it('turns a reply sent with the original quoted back into what its author wrote, without the quote', () => {
      const quoted: ReplyQueued = {
        ...scheduled,
        text: 'Thanks\n\nOn Monday Alice wrote:\n> Hello',
        html: '<p>Thanks</p><blockquote>Hello</blockquote>',
        answer: { text: 'Thanks', html: null },
      };
      spec
        .given([received, { ...queuedEvent, data: quoted }])
        .when(cancel)
        .then([
          { type: 'ReplySendCancelled', data: cancel.data },
          {
            type: 'ReplyDraftSaved',
            data: restoredReply,
          },
        ]);
    });

    it('undoes once, refuses once the send began (409), and knows no reply of another team (404)', () => {
      spec.given([received, queuedEvent, cancelled]).when(cancel).then([]);
      spec
        .given([received, queuedEvent, started])
        .when(cancel)
        .thenThrows(failsWith('conflict', 'This reply has already been sent and can no longer be undone'));
      spec
        .given([received, queuedEvent])
        .when({ ...cancel, data: { ...cancel.data, teamId: 't2' } })
        .thenThrows(failsWith('not-found', 'Scheduled send not found'));
      spec.given([received]).when(cancel).thenThrows(failsWith('not-found', 'Scheduled send not found'));
    });

    it('starts sending a reply once, never one that was undone', () => {
      spec
        .given([received, queuedEvent])
        .when({ type: 'StartSending', data: ids })
        .then([{ type: 'ReplySendingStarted', data: ids }]);
      spec.given([received, queuedEvent, started]).when({ type: 'StartSending', data: ids }).then([]);
      spec.given([received, queuedEvent, cancelled]).when({ type: 'StartSending', data: ids }).then([]);
    });

    it('sends the attachments of a draft that was a reply once with the reply sent from it', () => {
      const restored = {
        type: 'ReplyDraftSaved' as const,
        data: { emailId: 'e1', teamId: 't1', draftId: 'd2', userId: 'u1', ...emptyDraft, attachments: [attachment] },
        ...by('u1', '2024-01-01T10:10:05.000Z'),
      };
      const edited = { ...restored, data: { ...restored.data, subject: 'Re: Hello again', attachments: undefined } };
      const state = [received, queuedEvent, cancelled, restored, edited].reduce(
        replyDecider.evolve,
        replyDecider.initialState(),
      );
      expect(state.draftAttachments.get('d2')).toEqual([attachment]);
      expect(state.replies.get('r1')).toMatchObject({ cancelled: true, sending: false, finished: false });
    });

    describe('a forward', () => {
      const forward: ReplyQueued = {
        ...scheduled,
        kind: 'forward',
        to: ['bob@example.com'],
        subject: 'Fwd: Hello',
        text: 'See below\n\n---------- Forwarded message ---------\nHi',
      };
      const forwardQueued = { ...queuedEvent, data: forward };
      const forwardCancelled = { ...cancelled };
      const restoredForward = {
        type: 'ReplyDraftSaved' as const,
        data: {
          emailId: 'e1',
          teamId: 't1',
          draftId: 'd2',
          userId: 'u1',
          to: ['bob@example.com'],
          cc: [],
          bcc: [],
          subject: 'Fwd: Hello',
          body: forward.text,
          htmlBody: null,
          isReplyToAll: false,
          correspondent: 'alice@example.com',
          attachments: [attachment],
        },
      };

      it('waiting for its time, is undone into a draft with its recipients, text and attachments', () => {
        spec
          .given([received, forwardQueued])
          .when(cancel)
          .then([{ type: 'ReplySendCancelled', data: cancel.data }, restoredForward]);
      });

      it('once handed to SMTP, can no longer be undone', () => {
        spec
          .given([received, forwardQueued, started])
          .when(cancel)
          .thenThrows(failsWith('conflict', 'This message has already been sent and can no longer be undone'));
      });

      it('sent from the draft it became, goes as a forward again', () => {
        const again: OutgoingReply = { ...reply, replyId: 'r2', to: ['bob@example.com'], subject: 'Fwd: Hello' };
        spec
          .given([
            received,
            forwardQueued,
            forwardCancelled,
            { ...restoredForward, ...by('u1', '2024-01-01T10:10:06Z') },
          ])
          .when({ type: 'QueueReply', reply: again, draftId: 'd2' })
          .then([
            { type: 'ReplyDraftDeleted', data: { emailId: 'e1', teamId: 't1', draftId: 'd2' } },
            {
              type: 'ReplyQueued',
              data: { ...again, kind: 'forward', inReplyTo: queued.inReplyTo, references: queued.references },
            },
          ]);
      });
    });

    describe('a new email', () => {
      const composedEvent = {
        type: 'EmailComposed' as const,
        data: {
          emailId: 'e1',
          teamId: 't1',
          messageId: '<e1@example.com>',
          subject: 'Your order',
          fromName: 'Support',
          fromEmail: 'support@example.com',
          to: ['carol@example.com'],
          cc: [],
          bcc: [],
          text: 'Hello',
          html: null,
          receivedAt: '2024-01-01T10:00:00.000Z',
          priority: 'MEDIUM' as const,
          status: 'IN_PROGRESS' as const,
          composedBy: 'u1',
          assignedTo: 'u1',
        },
        ...by('u1', '2024-01-01T10:00:00.000Z'),
      };
      const composeIds = { replyId: 'e1', emailId: 'e1', teamId: 't1' };
      const compose: ReplyQueued = {
        ...reply,
        ...composeIds,
        messageId: '<e1@example.com>',
        to: ['carol@example.com'],
        subject: 'Your order',
        text: 'Hello',
        attachments: [attachment],
        inReplyTo: null,
        references: [],
        kind: 'compose',
        sendAt: '2024-01-01T10:00:10.000Z',
      };
      const composeQueued = { type: 'ReplyQueued' as const, data: compose, ...by('u1', '2024-01-01T10:00:00.000Z') };
      const undo = { type: 'CancelSend' as const, data: { ...composeIds, draftId: 'd3' } };
      const restoredCompose = {
        type: 'ReplyDraftSaved' as const,
        data: {
          emailId: 'e1',
          teamId: 't1',
          draftId: 'd3',
          userId: 'u1',
          to: ['carol@example.com'],
          cc: [],
          bcc: [],
          subject: 'Your order',
          body: 'Hello',
          htmlBody: null,
          isReplyToAll: false,
          correspondent: 'support@example.com',
          attachments: [attachment],
        },
      };

      it('waiting for its time, is undone into a draft on the conversation it began, with its attachments', () => {
        spec
          .given([composedEvent, composeQueued])
          .when(undo)
          .then([{ type: 'ReplySendCancelled', data: undo.data }, restoredCompose]);
        spec
          .given([composedEvent, composeQueued, { type: 'ReplySendingStarted' as const, data: composeIds }])
          .when(undo)
          .thenThrows(failsWith('conflict', 'This message has already been sent and can no longer be undone'));
      });

      it("sent from the draft it became, is the conversation's first message again: its Message-ID, no thread headers", () => {
        const again: OutgoingReply = { ...reply, replyId: 'r3', to: ['carol@example.com'], subject: 'Your order' };
        spec
          .given([
            composedEvent,
            composeQueued,
            { type: 'ReplySendCancelled' as const, data: undo.data, ...by('u1', '2024-01-01T10:00:05.000Z') },
            { ...restoredCompose, ...by('u1', '2024-01-01T10:00:05.000Z') },
          ])
          .when({ type: 'QueueReply', reply: again, draftId: 'd3' })
          .then([
            { type: 'ReplyDraftDeleted', data: { emailId: 'e1', teamId: 't1', draftId: 'd3' } },
            {
              type: 'ReplyQueued',
              data: { ...again, kind: 'compose', messageId: '<e1@example.com>', inReplyTo: null, references: [] },
            },
          ]);
      });
    });
  });
});

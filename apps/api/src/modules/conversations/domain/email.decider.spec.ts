import type { EmailReceived, ReplyQueued } from '@teaminbox/contracts';
import { emailReceived } from '../../../../test/conversations/email-received';
import { deciderSpecification } from '../../../../test/support/decider-specification';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { emailDecider } from './email.decider';

const received: EmailReceived = emailReceived();

describe('email decider', () => {
  const spec = deciderSpecification(emailDecider);

  it('records a received email', () => {
    spec
      .given([])
      .when({ type: 'ReceiveEmail', data: received })
      .then([{ type: 'EmailReceived', data: received }]);
  });

  it('ignores the same email received twice', () => {
    spec
      .given([{ type: 'EmailReceived', data: received }])
      .when({ type: 'ReceiveEmail', data: received })
      .then([]);
  });

  const ids = { emailId: 'e1', teamId: 't1' };
  const got = { type: 'EmailReceived' as const, data: received };

  it('answers not found for an email of another team or one that does not exist', () => {
    const notFound = (error: unknown) => error instanceof DomainError && error.kind === 'not-found';
    spec.given([got]).when({ type: 'Archive', teamId: 'other-team' }).thenThrows(notFound);
    spec.given([]).when({ type: 'Archive', teamId: 't1' }).thenThrows(notFound);
  });

  it('archives, spams and reads once: repeating a command appends nothing', () => {
    spec
      .given([got])
      .when({ type: 'Archive', teamId: 't1' })
      .then([{ type: 'EmailArchived', data: ids }]);
    spec
      .given([got, { type: 'EmailArchived', data: ids }])
      .when({ type: 'Archive', teamId: 't1' })
      .then([]);
    spec.given([got]).when({ type: 'Unarchive', teamId: 't1' }).then([]);
    spec
      .given([got, { type: 'EmailArchived', data: ids }])
      .when({ type: 'Unarchive', teamId: 't1' })
      .then([{ type: 'EmailUnarchived', data: ids }]);
    spec
      .given([got])
      .when({ type: 'MarkSpam', teamId: 't1' })
      .then([{ type: 'EmailMarkedSpam', data: ids }]);
    spec.given([got]).when({ type: 'MarkNotSpam', teamId: 't1' }).then([]);
    const read = {
      type: 'EmailMarkedRead' as const,
      data: { ...ids, userId: 'u1', readAt: '2024-01-02T00:00:00.000Z' },
    };
    spec.given([got]).when({ type: 'MarkRead', teamId: 't1', userId: 'u1', at: read.data.readAt }).then([read]);
    spec.given([got, read]).when({ type: 'MarkRead', teamId: 't1', userId: 'u2', at: 'x' }).then([]);
    spec
      .given([got, read])
      .when({ type: 'MarkUnread', teamId: 't1', userId: 'u2' })
      .then([{ type: 'EmailMarkedUnread', data: { ...ids, userId: 'u2' } }]);
  });

  it('assigns, reassigns and unassigns, keeping the previous assignee', () => {
    const assigned = {
      type: 'EmailAssigned' as const,
      data: { ...ids, assignedTo: 'u1', assignedToName: 'Ann', previousAssignee: null },
    };
    spec.given([got]).when({ type: 'Assign', teamId: 't1', assignedTo: 'u1', assignedToName: 'Ann' }).then([assigned]);
    spec
      .given([got, assigned])
      .when({ type: 'Assign', teamId: 't1', assignedTo: 'u1', assignedToName: 'Ann' })
      .then([]);
    spec
      .given([got, assigned])
      .when({ type: 'Assign', teamId: 't1', assignedTo: 'u2', assignedToName: null })
      .then([
        { type: 'EmailAssigned', data: { ...ids, assignedTo: 'u2', assignedToName: null, previousAssignee: 'u1' } },
      ]);
    spec
      .given([got, assigned])
      .when({ type: 'Unassign', teamId: 't1' })
      .then([{ type: 'EmailUnassigned', data: { ...ids, previousAssignee: 'u1' } }]);
    spec.given([got]).when({ type: 'Unassign', teamId: 't1' }).then([]);
  });

  it('adds and removes a label once, and mutes per user', () => {
    const label = { ...ids, labelId: 'l1', labelName: 'Bug' };
    spec
      .given([got])
      .when({ type: 'AddLabel', teamId: 't1', labelId: 'l1', labelName: 'Bug' })
      .then([{ type: 'EmailLabelAdded', data: label }]);
    spec
      .given([got, { type: 'EmailLabelAdded', data: label }])
      .when({ type: 'AddLabel', teamId: 't1', labelId: 'l1', labelName: 'Bug' })
      .then([]);
    spec.given([got]).when({ type: 'RemoveLabel', teamId: 't1', labelId: 'l1', labelName: 'Bug' }).then([]);
    const muted = { type: 'EmailNotificationsMuted' as const, data: { ...ids, userId: 'u1' } };
    spec.given([got]).when({ type: 'Mute', teamId: 't1', userId: 'u1' }).then([muted]);
    spec.given([got, muted]).when({ type: 'Mute', teamId: 't1', userId: 'u1' }).then([]);
    spec
      .given([got, muted])
      .when({ type: 'Mute', teamId: 't1', userId: 'u2' })
      .then([{ type: 'EmailNotificationsMuted', data: { ...ids, userId: 'u2' } }]);
    spec
      .given([got, muted])
      .when({ type: 'Unmute', teamId: 't1', userId: 'u1' })
      .then([{ type: 'EmailNotificationsUnmuted', data: { ...ids, userId: 'u1' } }]);
  });

  it('stars once per user and unstars only a starred email', () => {
    const starred = { type: 'EmailStarred' as const, data: { ...ids, userId: 'u1' } };
    spec.given([got]).when({ type: 'Star', teamId: 't1', userId: 'u1' }).then([starred]);
    spec.given([got, starred]).when({ type: 'Star', teamId: 't1', userId: 'u1' }).then([]);
    spec
      .given([got, starred])
      .when({ type: 'Star', teamId: 't1', userId: 'u2' })
      .then([{ type: 'EmailStarred', data: { ...ids, userId: 'u2' } }]);
    spec.given([got]).when({ type: 'Unstar', teamId: 't1', userId: 'u1' }).then([]);
    spec
      .given([got, starred])
      .when({ type: 'Unstar', teamId: 't1', userId: 'u1' })
      .then([{ type: 'EmailUnstarred', data: { ...ids, userId: 'u1' } }]);
  });

  const failsWith = (kind: string, message: string) => (error: unknown) =>
    error instanceof DomainError && error.kind === kind && error.message === message;

  it('lets only the author edit or delete a comment, and adds a comment once', () => {
    const added = {
      type: 'CommentAdded' as const,
      data: {
        ...ids,
        commentId: 'c1',
        userId: 'u1',
        message: 'Hi @Ann',
        mentions: ['u2'],
        // The email's sender, whose key seals the text.
        correspondent: 'alice@example.com',
      },
    };
    spec
      .given([got])
      .when({ type: 'AddComment', teamId: 't1', userId: 'u1', commentId: 'c1', message: 'Hi @Ann', mentions: ['u2'] })
      .then([added]);
    spec
      .given([got, added])
      .when({ type: 'AddComment', teamId: 't1', userId: 'u1', commentId: 'c1', message: 'Hi @Ann', mentions: ['u2'] })
      .then([]);
    spec
      .given([got, added])
      .when({ type: 'EditComment', teamId: 't1', userId: 'u1', commentId: 'c1', message: 'Bye', mentions: [] })
      .then([
        {
          type: 'CommentEdited',
          data: { ...ids, commentId: 'c1', message: 'Bye', mentions: [], correspondent: 'alice@example.com' },
        },
      ]);
    spec
      .given([got, added])
      .when({ type: 'EditComment', teamId: 't1', userId: 'u2', commentId: 'c1', message: 'Bye', mentions: [] })
      .thenThrows(failsWith('forbidden', 'Forbidden!'));
    spec
      .given([got, added])
      .when({ type: 'DeleteComment', teamId: 't1', userId: 'u2', commentId: 'c1' })
      .thenThrows(failsWith('forbidden', 'Forbidden!'));
    const deleted = { type: 'CommentDeleted' as const, data: { ...ids, commentId: 'c1' } };
    spec
      .given([got, added])
      .when({ type: 'DeleteComment', teamId: 't1', userId: 'u1', commentId: 'c1' })
      .then([deleted]);
    spec
      .given([got, added, deleted])
      .when({ type: 'DeleteComment', teamId: 't1', userId: 'u1', commentId: 'c1' })
      .thenThrows(failsWith('not-found', 'Comment not found'));
    spec
      .given([got])
      .when({ type: 'AddComment', teamId: 't2', userId: 'u1', commentId: 'c1', message: 'x', mentions: [] })
      .thenThrows(failsWith('not-found', 'Email not found'));
  });

  it('creates a draft once, lets any member replace it, and deletes only existing drafts', () => {
    const draft = {
      to: ['alice@example.com'],
      cc: [],
      bcc: [],
      subject: 'Re: Hello',
      body: 'Hi',
      htmlBody: null,
      isReplyToAll: false,
    };
    const saved = {
      type: 'ReplyDraftSaved' as const,
      data: { ...ids, draftId: 'd1', userId: 'u1', ...draft, correspondent: 'alice@example.com' },
    };
    spec
      .given([got])
      .when({ type: 'SaveDraft', teamId: 't1', userId: 'u1', draftId: 'd1', create: true, draft })
      .then([saved]);
    spec
      .given([got, saved])
      .when({ type: 'SaveDraft', teamId: 't1', userId: 'u1', draftId: 'd1', create: true, draft })
      .then([]);
    spec
      .given([got, saved])
      .when({ type: 'SaveDraft', teamId: 't1', userId: 'u2', draftId: 'd1', create: false, draft })
      .then([{ type: 'ReplyDraftSaved', data: { ...saved.data, userId: 'u2' } }]);
    spec
      .given([got])
      .when({ type: 'SaveDraft', teamId: 't1', userId: 'u1', draftId: 'd1', create: false, draft })
      .thenThrows(failsWith('not-found', 'Reply not found'));
    const deleted = { type: 'ReplyDraftDeleted' as const, data: { ...ids, draftId: 'd1' } };
    spec.given([got, saved]).when({ type: 'DeleteDraft', teamId: 't1', draftId: 'd1' }).then([deleted]);
    spec
      .given([got, saved, deleted])
      .when({ type: 'DeleteDraft', teamId: 't1', draftId: 'd1' })
      .thenThrows(failsWith('not-found', 'Reply not found'));
    spec
      .given([got, saved])
      .when({ type: 'DeleteDraft', teamId: 't2', draftId: 'd1' })
      .thenThrows(failsWith('not-found', 'Email not found'));
  });

  it('refuses to change or delete a reply that was handed to the outbox', () => {
    const queued = {
      type: 'ReplyQueued' as const,
      // The decider reads a queued reply's id only.
      data: { ...ids, replyId: 'r1' } as ReplyQueued,
    };
    const draft = { to: [], cc: [], bcc: [], subject: 's', body: 'b', htmlBody: null, isReplyToAll: false };
    spec
      .given([got, queued])
      .when({ type: 'SaveDraft', teamId: 't1', userId: 'u1', draftId: 'r1', create: false, draft })
      .thenThrows(failsWith('conflict', 'Only drafts can be changed'));
    spec
      .given([got, queued])
      .when({ type: 'DeleteDraft', teamId: 't1', draftId: 'r1' })
      .thenThrows(failsWith('conflict', 'A sent reply cannot be deleted'));
  });

  it("logs the entries a client posts on the team's email", () => {
    spec
      .given([got])
      .when({ type: 'LogAction', teamId: 't1', actionId: 'a1', action: 'FORWARDED', details: { to: 'x' } })
      .then([
        {
          type: 'EmailActionLogged',
          data: { ...ids, actionId: 'a1', type: 'FORWARDED', details: { to: 'x' }, correspondent: 'alice@example.com' },
        },
      ]);
    spec
      .given([got])
      .when({ type: 'LogAction', teamId: 't2', actionId: 'a1', action: 'FORWARDED', details: {} })
      .thenThrows(failsWith('not-found', 'Email not found'));
  });

  it('quarantines a message that could not be parsed once, and never over a received email', () => {
    const data = { emailId: 'e1', teamId: 't1', folder: 'INBOX', uid: 7, error: 'Bad MIME' };
    const quarantined = { type: 'EmailQuarantined' as const, data };
    spec.given([]).when({ type: 'QuarantineEmail', data }).then([quarantined]);
    spec.given([quarantined]).when({ type: 'QuarantineEmail', data }).then([]);
    spec.given([got]).when({ type: 'QuarantineEmail', data }).then([]);
    spec
      .given([quarantined])
      .when({ type: 'Archive', teamId: 't1' })
      .thenThrows(failsWith('not-found', 'Email not found'));
  });

  it('retries a quarantined message: a new reason, a release when received, or a release as a duplicate', () => {
    const data = { emailId: 'e1', teamId: 't1', folder: 'INBOX', uid: 7, error: 'Bad MIME' };
    const quarantined = { type: 'EmailQuarantined' as const, data };
    const again = { ...data, error: 'Still bad' };
    spec
      .given([quarantined])
      .when({ type: 'QuarantineEmail', data: again, retried: true })
      .then([{ type: 'EmailQuarantined', data: again }]);
    spec.given([got]).when({ type: 'QuarantineEmail', data: again, retried: true }).then([]);
    spec
      .given([quarantined])
      .when({ type: 'ReceiveEmail', data: received })
      .then([got, { type: 'EmailReleasedFromQuarantine', data: { ...ids, duplicate: false } }]);
    const duplicate = { ...ids, duplicate: true };
    spec
      .given([quarantined])
      .when({ type: 'ReleaseFromQuarantine', data: duplicate })
      .then([{ type: 'EmailReleasedFromQuarantine', data: duplicate }]);
    spec.given([]).when({ type: 'ReleaseFromQuarantine', data: duplicate }).then([]);
    spec.given([got]).when({ type: 'ReleaseFromQuarantine', data: duplicate }).then([]);
    // Released by being received, the email is worked on as any other.
    spec
      .given([quarantined, got, { type: 'EmailReleasedFromQuarantine', data: { ...ids, duplicate: false } }])
      .when({ type: 'Archive', teamId: 't1' })
      .then([{ type: 'EmailArchived', data: ids }]);
  });
});

describe('email decider: snooze, wake-up and reminders', () => {
  const spec = deciderSpecification(emailDecider);
  const ids = { emailId: 'e1', teamId: 't1' };
  const got = { type: 'EmailReceived' as const, data: received };
  const at = '2030-01-01T10:00:00.000Z';
  const until = '2030-01-01T12:00:00.000Z';
  const snoozed = { type: 'EmailSnoozed' as const, data: { ...ids, snoozeId: 's1', until, by: 'u1' } };
  const reminderSet = {
    type: 'ReminderSet' as const,
    data: { ...ids, reminderId: 'r1', replyId: 'reply1', dueAt: until, by: 'u1' },
  };
  const invalid = (error: unknown) => error instanceof DomainError && error.kind === 'invalid';
  const conflict = (error: unknown) => error instanceof DomainError && error.kind === 'conflict';

  it('snoozes until a future time, and a later snooze replaces the earlier one', () => {
    spec.given([got]).when({ type: 'Snooze', teamId: 't1', userId: 'u1', snoozeId: 's1', until, at }).then([snoozed]);
    spec
      .given([got, snoozed])
      .when({ type: 'Snooze', teamId: 't1', userId: 'u2', snoozeId: 's2', until: '2030-01-02T08:00:00.000Z', at })
      .then([{ type: 'EmailSnoozed', data: { ...ids, snoozeId: 's2', until: '2030-01-02T08:00:00.000Z', by: 'u2' } }]);
  });

  it('refuses a snooze in the past and another team', () => {
    spec
      .given([got])
      .when({ type: 'Snooze', teamId: 't1', userId: 'u1', snoozeId: 's1', until: at, at })
      .thenThrows(invalid);
    spec
      .given([got])
      .when({ type: 'Snooze', teamId: 'other', userId: 'u1', snoozeId: 's1', until, at })
      .thenThrows((error) => error instanceof DomainError && error.kind === 'not-found');
  });

  it("wakes at the snooze's time only for that snooze: the job of a replaced or ended snooze does nothing", () => {
    spec
      .given([got, snoozed])
      .when({ type: 'Wake', reason: 'time', snoozeId: 's1', teamId: 't1', at: until })
      // Who snoozed it is told when nobody is assigned.
      .then([{ type: 'EmailWoken', data: { ...ids, reason: 'time', wokenAt: until, snoozeId: 's1', askedBy: 'u1' } }]);
    const replaced = { type: 'EmailSnoozed' as const, data: { ...snoozed.data, snoozeId: 's2' } };
    spec
      .given([got, snoozed, replaced])
      .when({ type: 'Wake', reason: 'time', snoozeId: 's1', teamId: 't1', at: until })
      .then([]);
    const woken = { type: 'EmailWoken' as const, data: { ...ids, reason: 'answer' as const, wokenAt: at } };
    spec
      .given([got, snoozed, woken])
      .when({ type: 'Wake', reason: 'time', snoozeId: 's1', teamId: 't1', at: until })
      .then([]);
  });

  it('a woken email is back unread and out of the archive; waking by hand keeps it read', () => {
    const read = { type: 'EmailMarkedRead' as const, data: { ...ids, userId: 'u1', readAt: at } };
    const archived = { type: 'EmailArchived' as const, data: ids };
    const woken = { type: 'EmailWoken' as const, data: { ...ids, reason: 'time' as const, wokenAt: until } };
    spec.given([got, read, archived, snoozed, woken]).when({ type: 'MarkUnread', teamId: 't1', userId: 'u1' }).then([]);
    spec.given([got, read, archived, snoozed, woken]).when({ type: 'Unarchive', teamId: 't1' }).then([]);
    const byHand = { type: 'EmailWoken' as const, data: { ...ids, reason: 'manual' as const, wokenAt: at } };
    spec
      .given([got, read, snoozed, byHand])
      .when({ type: 'MarkUnread', teamId: 't1', userId: 'u1' })
      .then([{ type: 'EmailMarkedUnread', data: { ...ids, userId: 'u1' } }]);
  });

  it('wakes by hand only a snoozed email', () => {
    spec
      .given([got, snoozed])
      .when({ type: 'Wake', reason: 'manual', teamId: 't1', at })
      .then([{ type: 'EmailWoken', data: { ...ids, reason: 'manual', wokenAt: at, snoozeId: 's1' } }]);
    spec.given([got]).when({ type: 'Wake', reason: 'manual', teamId: 't1', at }).thenThrows(conflict);
  });

  it('an answer wakes a snoozed email and cancels its reminder; a second answer does nothing', () => {
    spec
      .given([got, snoozed, reminderSet])
      .when({ type: 'Wake', reason: 'answer', teamId: 't1', at })
      .then([
        { type: 'EmailWoken', data: { ...ids, reason: 'answer', wokenAt: at, snoozeId: 's1' } },
        { type: 'ReminderCancelled', data: { ...ids, reminderId: 'r1', reason: 'answer' } },
      ]);
    const cancelled = {
      type: 'ReminderCancelled' as const,
      data: { ...ids, reminderId: 'r1', reason: 'answer' as const },
    };
    spec.given([got, reminderSet, cancelled]).when({ type: 'Wake', reason: 'answer', teamId: 't1', at }).then([]);
  });

  it('sets a reminder once per reply; it fires unless cancelled', () => {
    const setIt = {
      type: 'SetReminder' as const,
      teamId: 't1',
      userId: 'u1',
      reminderId: 'r1',
      replyId: 'reply1',
      dueAt: until,
      at,
    };
    spec.given([got]).when(setIt).then([reminderSet]);
    spec.given([got, reminderSet]).when(setIt).then([]);
    spec
      .given([got])
      .when({ ...setIt, dueAt: at })
      .thenThrows(invalid);
    spec
      .given([got, reminderSet])
      .when({ type: 'FireReminder', reminderId: 'r1', teamId: 't1', at: until })
      .then([
        { type: 'EmailWoken', data: { ...ids, reason: 'reminder', wokenAt: until, reminderId: 'r1', askedBy: 'u1' } },
      ]);
    const cancelled = {
      type: 'ReminderCancelled' as const,
      data: { ...ids, reminderId: 'r1', reason: 'answer' as const },
    };
    spec
      .given([got, reminderSet, cancelled])
      .when({ type: 'FireReminder', reminderId: 'r1', teamId: 't1', at: until })
      .then([]);
    const fired = {
      type: 'EmailWoken' as const,
      data: { ...ids, reason: 'reminder' as const, wokenAt: until, reminderId: 'r1' },
    };
    spec
      .given([got, reminderSet, fired])
      .when({ type: 'FireReminder', reminderId: 'r1', teamId: 't1', at: until })
      .then([]);
  });
});

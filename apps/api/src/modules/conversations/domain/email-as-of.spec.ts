import type { EventMetadata } from '@teaminbox/contracts';
import { type EmailStreamEvent, eventsUpTo, foldEmailAsOf } from './email-as-of';
import { actorOf, changeOf } from './email-history';

const emailId = '0194f000-0000-7000-8000-000000000001';
const teamId = '0194f000-0000-7000-8000-0000000000aa';
const ann = '0194f000-0000-7000-8000-0000000000a1';
const bob = '0194f000-0000-7000-8000-0000000000b2';
const ids = { emailId, teamId };
const at = (minute: number) => `2026-11-17T14:${String(minute).padStart(2, '0')}:00.000Z`;
const instant = (minute: number, seconds = 30) => Date.parse(at(minute)) + seconds * 1000;

let version = 0;
const event = (minute: number, type: string, data: object, actor: Partial<EventMetadata> = {}): EmailStreamEvent => ({
  type,
  data: { ...ids, ...data },
  streamVersion: ++version,
  metadata: {
    actorUserId: null,
    actorKind: 'system',
    teamId,
    correlationId: `req-${version}`,
    causationId: null,
    occurredAt: at(minute),
    ...actor,
  },
});
const by = (userId: string): Partial<EventMetadata> => ({ actorUserId: userId, actorKind: 'user' });
const rule: Partial<EventMetadata> = { actorKind: 'rule', actorRule: { id: 'r1', name: 'VIP customers' } };

const received = {
  messageId: '<m1@example.com>',
  subject: 'Invoice',
  fromName: 'Customer',
  fromEmail: 'c@example.com',
  to: ['support@example.com'],
  cc: [],
  text: 'Hello',
  html: null,
  receivedAt: at(0),
  priority: 'MEDIUM',
  status: 'NEW',
};
const draft = { to: ['c@example.com'], cc: [], bcc: [], subject: 'Re: Invoice', htmlBody: null, isReplyToAll: false };
const queued = (replyId: string) => ({
  replyId,
  messageId: `<${replyId}@example.com>`,
  inReplyTo: '<m1@example.com>',
  references: [],
  from: { name: 'Support', email: 'support@example.com' },
  to: ['c@example.com'],
  cc: [],
  bcc: [],
  subject: 'Re: Invoice',
  text: 'Paid',
  html: null,
  attachments: [],
  queuedBy: ann,
});

const stream: EmailStreamEvent[] = [
  event(0, 'EmailReceived', received),
  event(0, 'EmailAssigned', { assignedTo: bob, assignedToName: 'Bob', previousAssignee: null }, rule),
  event(0, 'EmailLabelAdded', { labelId: 'l-vip', labelName: 'VIP' }, rule),
  event(0, 'EmailPriorityChanged', { priority: 'HIGH', previousPriority: 'MEDIUM' }, rule),
  event(1, 'EmailMarkedRead', { userId: ann, readAt: at(1) }, by(ann)),
  event(2, 'EmailAssigned', { assignedTo: ann, assignedToName: 'Ann', previousAssignee: bob }, by(ann)),
  event(3, 'CommentAdded', { commentId: 'c1', userId: bob, message: 'first', mentions: [] }, by(bob)),
  event(4, 'CommentEdited', { commentId: 'c1', message: 'first, edited', mentions: [ann] }, by(bob)),
  event(5, 'ReplyDraftSaved', { draftId: 'd1', userId: ann, ...draft, body: 'v1' }, by(ann)),
  event(6, 'ReplyDraftSaved', { draftId: 'd1', userId: ann, ...draft, body: 'v2' }, by(ann)),
  event(7, 'EmailStatusChanged', { status: 'IN_PROGRESS', previousStatus: 'NEW' }, by(bob)),
  event(8, 'ReplyDraftDeleted', { draftId: 'd1' }, by(ann)),
  event(8, 'ReplyQueued', queued('q1'), by(ann)),
  event(9, 'ReplySent', { replyId: 'q1', messageId: '<q1@example.com>', sentAt: at(9) }),
  event(10, 'CommentDeleted', { commentId: 'c1' }, by(bob)),
  event(11, 'EmailLabelRemoved', { labelId: 'l-vip', labelName: 'VIP' }, by(bob)),
  event(12, 'EmailArchived', {}, by(ann)),
  event(13, 'EmailMarkedSpam', {}, by(bob)),
  event(14, 'EmailMarkedUnread', { userId: bob }, by(bob)),
  event(15, 'EmailUnassigned', { previousAssignee: ann }, by(bob)),
];

const received_ = (minute: number, seconds?: number) => {
  const fold = foldEmailAsOf(stream, instant(minute, seconds));
  if (fold.state.status !== 'received') throw new Error(`not received at minute ${minute}`);
  return { ...fold, state: fold.state };
};

describe('the email as of an instant', () => {
  it('is absent before its first event and right after it as the rule left it', () => {
    expect(foldEmailAsOf(stream, Date.parse(at(0)) - 1)).toMatchObject({ state: { status: 'absent' }, version: 0 });
    const first = received_(0);
    expect(first.version).toBe(4);
    expect(first.state).toMatchObject({
      read: false,
      archived: false,
      spam: false,
      assignedTo: bob,
      labels: ['l-vip'],
      emailStatus: 'NEW',
      emailPriority: 'HIGH',
    });
    expect(first.assignedToName).toBe('Bob');
    expect(Object.fromEntries(first.labelNames)).toEqual({ 'l-vip': 'VIP' });
    expect(first.lastRead).toBeNull();
  });

  it('counts an event that occurred exactly at the instant, and not one a millisecond later', () => {
    expect(foldEmailAsOf(stream, Date.parse(at(1))).state).toMatchObject({ read: true });
    expect(foldEmailAsOf(stream, Date.parse(at(1)) - 1).state).toMatchObject({ read: false });
  });

  it('follows each change field by field', () => {
    expect(received_(1)).toMatchObject({ state: { read: true }, lastRead: { userId: ann, readAt: at(1) } });
    expect(received_(2)).toMatchObject({ state: { assignedTo: ann }, assignedToName: 'Ann' });
    expect([...received_(3).comments]).toEqual([
      ['c1', { userId: bob, message: 'first', mentions: [], createdAt: at(3), updatedAt: null }],
    ]);
    expect(received_(4).comments.get('c1')).toEqual({
      userId: bob,
      message: 'first, edited',
      mentions: [ann],
      createdAt: at(3),
      updatedAt: at(4),
    });
    expect(received_(5).drafts.get('d1')).toMatchObject({ draft: { body: 'v1' }, createdAt: at(5), updatedAt: null });
    expect(received_(6).drafts.get('d1')).toMatchObject({ draft: { body: 'v2' }, createdAt: at(5), updatedAt: at(6) });
    expect(received_(7).state.emailStatus).toBe('IN_PROGRESS');

    const sending = received_(8);
    expect(sending.drafts.size).toBe(0);
    expect(sending.replies.get('q1')).toMatchObject({ queuedAt: at(8), outcome: null, queued: { text: 'Paid' } });
    expect(received_(9).replies.get('q1')?.outcome).toMatchObject({ type: 'ReplySent', data: { sentAt: at(9) } });

    expect(received_(10).comments.size).toBe(0);
    expect(received_(11)).toMatchObject({ state: { labels: [] } });
    expect(received_(11).labelNames.size).toBe(0);
    expect(received_(12).state).toMatchObject({ archived: true, spam: false });
    expect(received_(13).state).toMatchObject({ archived: true, spam: true });
    expect(received_(14)).toMatchObject({ state: { read: false }, lastRead: null });
    expect(received_(15)).toMatchObject({ state: { assignedTo: null }, assignedToName: null, version: stream.length });
  });

  it('stops at the first event stamped after the instant, even when a later one is stamped earlier', () => {
    const skewed = [stream[0], { ...stream[4], metadata: { ...stream[4].metadata, occurredAt: at(20) } }, stream[5]];
    expect(eventsUpTo(skewed, instant(10))).toEqual([stream[0]]);
    expect(foldEmailAsOf(skewed, instant(10)).state).toMatchObject({ read: false, assignedTo: null });
  });

  it('leaves a send undone out of the replies: it is the draft it became again', () => {
    const undone = [
      ...stream.slice(0, 4),
      event(20, 'ReplyQueued', { ...queued('q2'), sendAt: at(21) }, by(ann)),
      event(20, 'ReplySendCancelled', { replyId: 'q2', draftId: 'd2' }, by(ann)),
      event(20, 'ReplyDraftSaved', { draftId: 'd2', userId: ann, ...draft, body: 'Paid' }, by(ann)),
    ];
    const queuedOnly = foldEmailAsOf(undone.slice(0, 5), instant(20));
    expect([...queuedOnly.replies.keys()]).toEqual(['q2']);
    const after = foldEmailAsOf(undone, instant(20));
    expect(after.replies.size).toBe(0);
    expect([...after.drafts.keys()]).toEqual(['d2']);
  });

  it('leaves a quarantined message absent from the inbox', () => {
    const quarantined = [event(0, 'EmailQuarantined', { folder: 'INBOX', uid: 1, error: 'bad' })];
    expect(foldEmailAsOf(quarantined, instant(5)).state).toEqual({ status: 'quarantined' });
  });
});

describe('the history of an email in words', () => {
  it('names the actor a member, a rule, the mail server or the outbox', () => {
    expect(actorOf(stream[0].type, stream[0].metadata)).toEqual({ kind: 'system', source: 'mail-server' });
    expect(actorOf(stream[1].type, stream[1].metadata)).toEqual({
      kind: 'rule',
      ruleId: 'r1',
      ruleName: 'VIP customers',
    });
    expect(actorOf(stream[4].type, stream[4].metadata)).toEqual({ kind: 'user', userId: ann });
    expect(actorOf(stream[13].type, stream[13].metadata)).toEqual({ kind: 'system', source: 'outbox' });
    // The send job handing a message to SMTP is the outbox's.
    expect(actorOf('ReplySendingStarted', stream[13].metadata)).toEqual({ kind: 'system', source: 'outbox' });
    // Events stored before actorKind existed: a user when actorUserId is set.
    const old = { ...stream[4].metadata, actorKind: undefined };
    expect(actorOf('EmailMarkedRead', old)).toEqual({ kind: 'user', userId: ann });
    // A message fetched from the mailbox is the mail server's, even in the request that started the first sync.
    expect(actorOf('EmailReceived', by(ann) as EventMetadata, { folder: 'INBOX' })).toEqual({
      kind: 'system',
      source: 'mail-server',
    });
    expect(actorOf('EmailReceived', { ...stream[4].metadata }, {})).toEqual({ kind: 'user', userId: ann });
  });

  it('says what changed, from and to', () => {
    expect(changeOf(stream[5])).toEqual({ from: bob, to: ann, toName: 'Ann' });
    expect(changeOf(stream[10])).toEqual({ from: 'NEW', to: 'IN_PROGRESS' });
    expect(changeOf(stream[3])).toEqual({ from: 'MEDIUM', to: 'HIGH' });
    expect(changeOf(stream[2])).toEqual({ labelId: 'l-vip', labelName: 'VIP' });
    expect(changeOf(stream[7])).toEqual({ commentId: 'c1', message: 'first, edited' });
    expect(changeOf(stream[12])).toEqual({ replyId: 'q1', subject: 'Re: Invoice', recipients: ['c@example.com'] });
    expect(changeOf(stream[0])).toEqual({ subject: 'Invoice', sender: 'c@example.com' });
    expect(changeOf(stream[19])).toEqual({ from: ann, to: null });
  });
});

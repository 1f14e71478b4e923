import type { Comment, EmailAction, Reply, ThreadMessage } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import { actionActor, buildTimeline, describeAction, initials, preview, threadView } from './thread-timeline';

const message = (id: string, receivedAt: string, direction: 'incoming' | 'outgoing', body = 'text'): ThreadMessage =>
  ({
    id,
    receivedAt,
    direction,
    body,
    subject: `S ${id}`,
    fromName: `Name ${id}`,
    fromEmail: `${id}@example.com`,
  }) as ThreadMessage;

describe('threadView', () => {
  const thread = [
    message('b', '2026-01-02T00:00:00Z', 'outgoing'),
    message('a', '2026-01-01T00:00:00Z', 'incoming'),
    message('b', '2026-01-02T00:00:00Z', 'outgoing'),
    message('c', '2026-01-03T00:00:00Z', 'incoming'),
  ];

  it('keeps each message once, oldest first', () => {
    expect(threadView(thread, 'all').map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('filters by direction', () => {
    expect(threadView(thread, 'incoming').map((m) => m.id)).toEqual(['a', 'c']);
    expect(threadView(thread, 'outgoing').map((m) => m.id)).toEqual(['b']);
  });
});

describe('preview', () => {
  it('cuts at the given length with an ellipsis and collapses whitespace', () => {
    expect(preview('a\n\n b', 140)).toBe('a b');
    expect(preview('x'.repeat(141))).toBe(`${'x'.repeat(140)}…`);
    expect(preview('x'.repeat(140))).toBe('x'.repeat(140));
  });
});

describe('buildTimeline', () => {
  it('merges incoming, outgoing, replies, comments and status changes, oldest first', () => {
    const reply = {
      id: 'r',
      subject: 'Re: S a',
      body: 'y'.repeat(200),
      authorName: 'Agent',
      authorEmail: 'agent@example.com',
      authorId: 'u1',
    } as Reply;
    const comment = {
      id: 'k',
      message: 'internal',
      createdAt: '2026-01-01T12:00:00Z',
      userId: 'u2',
      userName: null,
      userEmail: 'bob@example.com',
    } as Comment;
    const action = {
      id: 'x',
      type: 'ARCHIVED',
      createdAt: '2026-01-05T00:00:00Z',
      actorUserId: 'u1',
      actorName: 'Agent',
      actorEmail: 'agent@example.com',
      details: {},
    } as EmailAction;
    const timeline = buildTimeline(
      [
        message('a', '2026-01-01T00:00:00Z', 'incoming'),
        message('r', '2026-01-02T00:00:00Z', 'outgoing'),
        message('o', '2026-01-03T00:00:00Z', 'outgoing'),
      ],
      [reply],
      [comment],
      [action],
      (a) => `did ${a.type}`,
    );
    expect(timeline.map((e) => [e.id, e.type, e.author])).toEqual([
      ['a', 'incoming', 'Name a'],
      ['k', 'comment', 'bob@example.com'],
      ['r', 'reply', 'Agent'],
      ['o', 'outgoing', 'Name o'],
      ['x', 'status', 'Agent'],
    ]);
    expect(timeline[2].preview).toBe(`${'y'.repeat(160)}…`);
    expect(timeline[4].subject).toBe('did ARCHIVED');
  });

  it('shows the message a member composed to start the conversation as composed, by that member, not as a reply', () => {
    const composed = {
      id: 'e',
      emailId: 'e',
      subject: 'Your order',
      body: 'It shipped.',
      authorName: 'Bob Agent',
      authorEmail: 'bob@example.com',
      authorId: 'u1',
    } as Reply;
    const answer = { ...composed, id: 'r', subject: 'Re: Your order', body: 'More' } as Reply;
    const timeline = buildTimeline(
      [
        message('e', '2026-01-01T00:00:00Z', 'outgoing'),
        message('a', '2026-01-02T00:00:00Z', 'incoming'),
        message('r', '2026-01-03T00:00:00Z', 'outgoing'),
      ],
      [composed, answer],
      [],
      [],
      (a) => a.type,
    );
    expect(timeline.map((e) => [e.id, e.type, e.author])).toEqual([
      ['e', 'composed', 'Bob Agent'],
      ['a', 'incoming', 'Name a'],
      ['r', 'reply', 'Bob Agent'],
    ]);
  });
});

describe('an action log entry in the timeline', () => {
  const entry = (overrides: Partial<EmailAction>): EmailAction => ({
    id: 'x',
    type: 'ASSIGN',
    createdAt: '2026-01-05T00:00:00Z',
    actorUserId: 'u1',
    actorName: 'Agent',
    actorEmail: 'agent@example.com',
    actor: { kind: 'user', userId: 'u1' },
    details: {},
    ...overrides,
  });
  const byRule = { actorUserId: null, actorName: "Rule 'VIP customers'", actorEmail: null } as const;
  const rule = { kind: 'rule', ruleId: 'r1', ruleName: 'VIP customers' } as const;

  it("names a member's changes of status and priority with the new value", () => {
    const t = initI18n('en').getFixedT(null, 'inbox');
    const status = entry({ type: 'STATUS_CHANGED', details: { status: 'IN_PROGRESS', previousStatus: 'NEW' } });
    const priority = entry({ type: 'PRIORITY_CHANGED', details: { priority: 'HIGH', previousPriority: 'MEDIUM' } });
    expect(describeAction(t, status)).toBe('Status changed to In Progress');
    expect(describeAction(t, priority)).toBe('Priority changed to High');
    expect(actionActor(t, status)).toBe('Agent');
  });

  it("gives a rule's actions the rule as actor: \"Rule 'VIP customers': assigned to Jana\"", () => {
    const t = initI18n('en').getFixedT(null, 'inbox');
    const assign = entry({ ...byRule, actor: rule, details: { assignedTo: 'u2', assignedToName: 'Jana' } });
    const label = entry({ ...byRule, actor: rule, type: 'LABEL_ADDED', details: { labelName: 'VIP' } });
    const status = entry({ ...byRule, actor: rule, type: 'STATUS_CHANGED', details: { status: 'CLOSED' } });
    expect(describeAction(t, assign)).toBe("Rule 'VIP customers': assigned to Jana");
    expect(describeAction(t, label)).toBe('Rule \'VIP customers\': label "VIP" added');
    expect(describeAction(t, status)).toBe("Rule 'VIP customers': status changed to Closed");
    expect(actionActor(t, assign)).toBe("Rule 'VIP customers'");
    const [event] = buildTimeline(
      [],
      [],
      [],
      [assign],
      (a) => describeAction(t, a),
      (a) => actionActor(t, a),
    );
    expect([event.type, event.author, event.subject]).toEqual([
      'status',
      "Rule 'VIP customers'",
      "Rule 'VIP customers': assigned to Jana",
    ]);
  });
});

describe('initials', () => {
  it('takes up to two letters of a name or an address', () => {
    expect(initials('Alice Nováková')).toBe('AN');
    expect(initials('john.smith@example.com')).toBe('JS');
    expect(initials('bob@example.com')).toBe('BO');
    expect(initials('')).toBe('');
  });
});

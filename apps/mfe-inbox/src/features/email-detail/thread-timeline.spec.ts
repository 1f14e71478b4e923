import type { Comment, EmailAction, Reply, ThreadMessage } from '@teaminbox/contracts';
import { buildTimeline, initials, preview, threadView } from './thread-timeline';

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
});

describe('initials', () => {
  it('takes up to two letters of a name or an address', () => {
    expect(initials('Alice Nováková')).toBe('AN');
    expect(initials('john.smith@example.com')).toBe('JS');
    expect(initials('bob@example.com')).toBe('BO');
    expect(initials('')).toBe('');
  });
});

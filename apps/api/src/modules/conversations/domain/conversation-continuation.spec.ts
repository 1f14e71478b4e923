import { type ConversationEmail, continuationOf } from './conversation-continuation';

const email = (emailId: string, receivedAt: string, fields: Partial<ConversationEmail> = {}): ConversationEmail => ({
  emailId,
  assignedTo: null,
  labels: [],
  priority: 'MEDIUM',
  status: 'NEW',
  archived: false,
  receivedAt,
  ...fields,
});

describe('what a follow-up takes from its conversation', () => {
  const followUp = email('follow-up', '2026-11-03T10:00:00.000Z');

  it('is nothing for an email alone in its thread, or one the read model does not have yet', () => {
    expect(continuationOf('follow-up', [followUp])).toBeNull();
    expect(continuationOf('follow-up', [email('other', '2026-11-01T10:00:00.000Z')])).toBeNull();
  });

  it("takes the latest earlier email's assignee, labels and priority, and reopens a resolved and archived one as in progress", () => {
    const first = email('first', '2026-11-01T10:00:00.000Z', { assignedTo: 'ann', labels: ['old'], status: 'CLOSED' });
    const latest = email('latest', '2026-11-02T10:00:00.000Z', {
      assignedTo: 'bob',
      labels: ['vip', 'billing'],
      priority: 'HIGH',
      status: 'RESOLVED',
      archived: true,
    });
    expect(continuationOf('follow-up', [first, { ...followUp, labels: ['billing'] }, latest])).toEqual({
      assignTo: 'bob',
      addLabels: ['vip'],
      priority: 'HIGH',
      status: 'IN_PROGRESS',
      reopen: [
        { emailId: 'latest', status: 'IN_PROGRESS', unarchive: true },
        { emailId: 'first', status: 'IN_PROGRESS', unarchive: false },
      ],
    });
  });

  it('reopens an unassigned conversation as new, and changes nothing that already is so', () => {
    const done = email('done', '2026-11-02T10:00:00.000Z', { status: 'RESOLVED' });
    expect(continuationOf('follow-up', [done, followUp])).toEqual({
      assignTo: null,
      addLabels: [],
      priority: null,
      status: null,
      reopen: [{ emailId: 'done', status: 'NEW', unarchive: false }],
    });
    const working = email('working', '2026-11-02T10:00:00.000Z', { assignedTo: 'bob', status: 'IN_PROGRESS' });
    expect(continuationOf('follow-up', [working, { ...followUp, assignedTo: 'bob', status: 'IN_PROGRESS' }])).toEqual({
      assignTo: null,
      addLabels: [],
      priority: null,
      status: null,
      reopen: [],
    });
  });

  it('takes the conversation as of its latest email, whatever order the emails are listed in', () => {
    const older = email('older', '2026-11-01T10:00:00.000Z', { assignedTo: 'ann' });
    const newer = email('newer', '2026-11-02T10:00:00.000Z', { assignedTo: 'bob' });
    expect(continuationOf('follow-up', [newer, followUp, older])?.assignTo).toBe('bob');
    expect(continuationOf('follow-up', [older, followUp, newer])?.assignTo).toBe('bob');
  });
});

import type { EmailReceived } from '@teaminbox/contracts';
import { randomUUID } from 'node:crypto';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../../../test/support/test-database';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import { EmailThreadProjection } from './email-thread.projection';

const teamId = randomUUID();
const day = 24 * 60 * 60 * 1000;
const start = Date.parse('2026-11-02T10:00:00Z');

function received(
  messageId: string,
  refs: { inReplyTo?: string; references?: string[] } = {},
  extra: Partial<EmailReceived> = {},
): StoredEvent {
  const data = {
    emailId: randomUUID(),
    teamId,
    messageId,
    inReplyTo: refs.inReplyTo ?? null,
    references: refs.references ?? (refs.inReplyTo ? [refs.inReplyTo] : []),
    ...extra,
  } as unknown as EmailReceived;
  return { type: 'EmailReceived', data } as unknown as StoredEvent;
}
const idOf = (event: StoredEvent) => (event.data as EmailReceived).emailId;
const merged = (...emails: StoredEvent[]): StoredEvent =>
  ({
    type: 'ConversationsMerged',
    data: { teamId, emailId: idOf(emails[0]), intoThreadId: '', threadIds: [], emailIds: emails.map(idOf), by: 'u' },
  }) as unknown as StoredEvent;
const split = (email: StoredEvent, newThreadId = randomUUID()): StoredEvent =>
  ({
    type: 'EmailSplitFromConversation',
    data: { teamId, emailId: idOf(email), fromThreadId: '', newThreadId, by: 'u' },
  }) as unknown as StoredEvent;

describe('email-thread projection: members merge conversations and split emails out', () => {
  let db: MigratedTestDataSource;
  const projection = new EmailThreadProjection();

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
  });
  afterAll(async () => {
    await db?.drop();
  });
  beforeEach(async () => {
    await db.dataSource.query('TRUNCATE email_thread, email_thread_team');
  });

  const threadOf = async (event: StoredEvent): Promise<string> =>
    (await db.dataSource.query('SELECT thread_id FROM email_thread WHERE email_id = $1', [idOf(event)]))[0].thread_id;
  const apply = (batches: StoredEvent[][]) =>
    batches.reduce(
      (done, batch) => done.then(() => db.dataSource.transaction((tx) => projection.handle(batch, tx))),
      Promise.resolve(),
    );
  /** The table as a rebuild must give it again. */
  const table = async () =>
    db.dataSource.query(
      `SELECT email_id, thread_id, split, sent_message_ids, active_at FROM email_thread ORDER BY email_id`,
    );

  it('merges, splits out, merges back, and a rebuild in other batches writes the same table', async () => {
    const a1 = received('<a1@x>');
    const a2 = received('<a2@x>', { inReplyTo: '<a1@x>' });
    const b1 = received('<b1@x>');
    const c1 = received('<c1@x>');
    const events = [
      a1,
      a2,
      b1,
      c1,
      merged(b1, a2, c1),
      split(a1),
      merged(a1, b1),
      split(c1, 'c0000000-0000-4000-8000-000000000001'),
    ];
    await apply(events.map((event) => [event]));
    const threads = await Promise.all([a1, a2, b1, c1].map(threadOf));
    // The merge made one conversation (b1's); a1 left it and came back; c1 left it again for its own.
    expect(threads[0]).toBe(await threadOf(b1));
    expect(threads[1]).toBe(threads[2]);
    expect(threads[0]).toBe(threads[1]);
    expect(threads[3]).toBe('c0000000-0000-4000-8000-000000000001');
    const once = await table();
    expect(once.map((row: { split: boolean }) => row.split).filter(Boolean)).toHaveLength(1);

    for (const batches of [[events], [events.slice(0, 5), events.slice(5)], [events.slice(0, 3), events.slice(3)]]) {
      await db.dataSource.query('TRUNCATE email_thread, email_thread_team');
      await apply(batches);
      expect(await table()).toEqual(once);
    }
  });

  it('a reply to an email split out joins it; a reply to the conversation it left stays there', async () => {
    const root = received('<root@x>');
    const answer = received('<answer@x>', { inReplyTo: '<root@x>' });
    await apply([[root, answer], [split(answer)]]);
    const own = await threadOf(answer);
    expect(own).not.toBe(await threadOf(root));
    // Both name both messages in their References; In-Reply-To says which they answer.
    const toSplit = received('<to-split@x>', { inReplyTo: '<answer@x>', references: ['<root@x>', '<answer@x>'] });
    const toRoot = received('<to-root@x>', { inReplyTo: '<root@x>', references: ['<answer@x>', '<root@x>'] });
    await apply([[toSplit, toRoot]]);
    expect(await threadOf(toSplit)).toBe(own);
    expect(await threadOf(toRoot)).toBe(await threadOf(root));
  });

  it('keeps an email split out in its own conversation when a message it refers to arrives later', async () => {
    const early = received('<early@x>', { inReplyTo: '<late@x>' });
    const other = received('<other@x>');
    await apply([[early, other], [merged(other, early)], [split(early)]]);
    const own = await threadOf(early);
    await apply([[received('<late@x>')]]);
    expect(await threadOf(early)).toBe(own);
  });

  it('takes the latest activity of both threads when a message merges them: a reply by subject still joins', async () => {
    const at = (days: number) => new Date(start + days * day).toISOString();
    // A conversation about an order, 40 days ago; an automatic message (no subject key) of 3 days ago that names a
    // message not yet arrived; that message arrives late, answers the order and so joins both.
    const order = received('<order@x>', {}, { subject: 'Order 7', fromEmail: 'carol@x.example', receivedAt: at(0) });
    const auto = received(
      '<auto@x>',
      { inReplyTo: '<bridge@x>' },
      { subject: 'Out of office', fromEmail: 'robot@x.example', receivedAt: at(37), isAutoReply: true },
    );
    const bridge = received(
      '<bridge@x>',
      { inReplyTo: '<order@x>' },
      { subject: 'Re: Order 7', fromEmail: 'carol@x.example', receivedAt: at(1) },
    );
    // Carol writes again without references 40 days after the order: the conversation was last active 3 days ago.
    const again = received(
      '<again@x>',
      {},
      { subject: 'Re: Order 7', fromEmail: 'carol@x.example', receivedAt: at(40) },
    );
    await apply([[order], [auto], [bridge, again]]);
    expect(await threadOf(auto)).toBe(await threadOf(order));
    expect(await threadOf(again)).toBe(await threadOf(order));
  });
});

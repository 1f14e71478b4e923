import type { EmailReceived } from '@teaminbox/contracts';
import { randomUUID } from 'node:crypto';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../../../test/support/test-database';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import { ConversationThreads } from './conversation-threads';
import { EmailThreadProjection } from './email-thread.projection';

const teamId = randomUUID();

function received(messageId: string, inReplyTo: string | null = null, references: string[] = []): StoredEvent {
  const data = { emailId: randomUUID(), teamId, messageId, inReplyTo, references } as unknown as EmailReceived;
  return { type: 'EmailReceived', data } as unknown as StoredEvent;
}

describe('email-thread projection', () => {
  let db: MigratedTestDataSource;
  const projection = new EmailThreadProjection();

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
  });
  afterAll(async () => {
    await db?.drop();
  });
  beforeEach(async () => {
    await db.dataSource.query('TRUNCATE email_thread');
  });

  const threadOf = async (event: StoredEvent): Promise<string> =>
    (
      await db.dataSource.query('SELECT thread_id FROM email_thread WHERE email_id = $1', [
        (event.data as EmailReceived).emailId,
      ])
    )[0].thread_id;

  const apply = (batches: StoredEvent[][]) =>
    batches.reduce(
      (done, batch) => done.then(() => db.dataSource.transaction((tx) => projection.handle(batch, tx))),
      Promise.resolve(),
    );

  it.each([
    ['in order, one batch', (a: StoredEvent, b: StoredEvent, c: StoredEvent) => [[a, b, c]]],
    ['replies first, one batch', (a: StoredEvent, b: StoredEvent, c: StoredEvent) => [[c, b, a]]],
    ['replies first, one event per batch', (a: StoredEvent, b: StoredEvent, c: StoredEvent) => [[c], [a], [b]]],
    ['mixed batches', (a: StoredEvent, b: StoredEvent, c: StoredEvent) => [[c], [b, a]]],
  ])('puts a parent and its replies in one thread (%s)', async (_, order) => {
    const root = received('<root@x>');
    const reply = received('<reply@x>', '<root@x>', ['<root@x>']);
    const replyToReply = received('<reply2@x>', '<reply@x>', ['<root@x>', '<reply@x>']);
    const other = received('<other@x>');
    await apply([...order(root, reply, replyToReply), [other]]);
    const thread = await threadOf(root);
    expect(await threadOf(reply)).toBe(thread);
    expect(await threadOf(replyToReply)).toBe(thread);
    expect(await threadOf(other)).not.toBe(thread);
  });

  it('merges two threads that a later message joins, and ignores an event seen twice', async () => {
    const a = received('<a@x>');
    const b = received('<b@x>', '<c@x>', ['<c@x>']);
    const c = received('<c@x>', '<a@x>', ['<a@x>']);
    await apply([[a], [b], [c, c]]);
    expect(await threadOf(b)).toBe(await threadOf(a));
    expect(await threadOf(c)).toBe(await threadOf(a));
    expect((await db.dataSource.query('SELECT count(*)::int AS n FROM email_thread'))[0].n).toBe(3);
  });

  it("puts an answer to our reply (In-Reply-To our Message-ID only) in the replied email's thread", async () => {
    const original = received('<question@x>');
    const ours = (messageId: string, of: StoredEvent, team = teamId): StoredEvent =>
      ({
        type: 'ReplyQueued',
        data: { replyId: randomUUID(), emailId: (of.data as EmailReceived).emailId, teamId: team, messageId },
      }) as unknown as StoredEvent;
    const answer = received('<answer@x>', '<our-reply@support>', ['<our-reply@support>']);
    const elsewhere = received('<elsewhere@x>', '<other-team-reply@support>', ['<other-team-reply@support>']);
    await apply([
      [original],
      [ours('<our-reply@support>', original), ours('<other-team-reply@support>', original, randomUUID())],
      [answer, elsewhere],
    ]);
    expect(await threadOf(answer)).toBe(await threadOf(original));
    expect(await threadOf(elsewhere)).not.toBe(await threadOf(original));

    // The same in one batch, and a reply queued twice (a redelivered event) is kept once.
    await db.dataSource.query('TRUNCATE email_thread');
    const reply = ours('<our-reply@support>', original);
    await apply([[original, reply, reply, answer]]);
    expect(await threadOf(answer)).toBe(await threadOf(original));
    const [row] = await db.dataSource.query('SELECT sent_message_ids FROM email_thread WHERE email_id = $1', [
      (original.data as EmailReceived).emailId,
    ]);
    expect(row.sent_message_ids).toEqual(['<our-reply@support>']);
  });

  it('keeps teams apart', async () => {
    const mine = received('<same@x>');
    const theirs = {
      ...received('<reply-same@x>', '<same@x>', ['<same@x>']),
    } as StoredEvent;
    (theirs.data as EmailReceived).teamId = randomUUID();
    await apply([[mine, theirs]]);
    expect(await threadOf(theirs)).not.toBe(await threadOf(mine));
  });

  it("answers other modules' questions about threads through its read port", async () => {
    const threads = new ConversationThreads(db.dataSource);
    const root = received('<port-root@x>');
    const reply = received('<port-reply@x>', '<port-root@x>', ['<port-root@x>']);
    const alone = received('<port-alone@x>');
    await apply([[root, reply, alone]]);
    const idOf = (event: StoredEvent) => (event.data as EmailReceived).emailId;
    const unknown = randomUUID();

    const related = await threads.relatedEmailIds([idOf(root), idOf(alone), unknown]);
    expect(related.get(idOf(root))?.sort()).toEqual([idOf(root), idOf(reply)].sort());
    expect(related.get(idOf(alone))).toEqual([idOf(alone)]);
    expect(related.get(unknown)).toEqual([unknown]);
    expect((await threads.relatedEmailIds([idOf(reply)], randomUUID())).get(idOf(reply))).toEqual([idOf(reply)]);

    const thread = await threads.threadOf(teamId, idOf(reply));
    expect(thread[0]).toBe(idOf(reply));
    expect(thread.sort()).toEqual([idOf(root), idOf(reply)].sort());
    expect(await threads.emailIdsWithMessageIds(teamId, ['<port-root@x>', '<nothing@x>'])).toEqual([idOf(root)]);
    expect(await threads.emailIdsWithMessageIds(randomUUID(), ['<port-root@x>'])).toEqual([]);
  });
});

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
    await db.dataSource.query('TRUNCATE email_thread, email_thread_team');
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

  describe('without references, by subject and sender', () => {
    const day = 24 * 60 * 60 * 1000;
    const start = Date.parse('2026-11-02T10:00:00Z');
    const mail = (subject: string, fromEmail: string, daysLater: number, extra: Partial<EmailReceived> = {}) => {
      const event = received(`<${randomUUID()}@customer.example>`);
      Object.assign(event.data as EmailReceived, {
        subject,
        fromEmail,
        receivedAt: new Date(start + daysLater * day).toISOString(),
        ...extra,
      });
      return event;
    };
    const settings = (joinRepliesBySubject: boolean): StoredEvent =>
      ({ type: 'ConversationSettingsChanged', data: { teamId, joinRepliesBySubject } }) as unknown as StoredEvent;
    const ourReply = (of: StoredEvent, daysLater: number): StoredEvent =>
      ({
        type: 'ReplyQueued',
        data: {
          replyId: randomUUID(),
          emailId: (of.data as EmailReceived).emailId,
          teamId,
          messageId: `<${randomUUID()}@example.com>`,
          from: { name: 'Support', email: 'Support@example.com' },
        },
        metadata: { occurredAt: new Date(start + daysLater * day).toISOString() },
      }) as unknown as StoredEvent;

    it.each([
      ['one event per batch', (events: StoredEvent[]) => events.map((event) => [event])],
      ['one batch', (events: StoredEvent[]) => [events]],
    ])('joins "Re: <subject>" from the same sender, not a new subject nor another sender (%s)', async (_, batches) => {
      const question = mail('Printer on fire', 'carol@customer.example', 0);
      const answer = mail('RE: Fwd: printer  on FIRE', 'Carol@Customer.example', 3);
      const newSubject = mail('Printer still on fire', 'carol@customer.example', 4);
      const otherSender = mail('Re: Printer on fire', 'dave@customer.example', 4);
      await apply(batches([question, answer, newSubject, otherSender]));
      expect(await threadOf(answer)).toBe(await threadOf(question));
      expect(await threadOf(newSubject)).not.toBe(await threadOf(question));
      expect(await threadOf(otherSender)).not.toBe(await threadOf(question));
    });

    it('does not join a conversation inactive for more than 30 days; our reply keeps it active', async () => {
      const question = mail('Invoice', 'carol@customer.example', 0);
      const late = mail('Re: Invoice', 'carol@customer.example', 31);
      await apply([[question], [late]]);
      expect(await threadOf(late)).not.toBe(await threadOf(question));
      // A later answer joins the most recently active conversation of that subject: the late one.
      const later = mail('Re: Invoice', 'carol@customer.example', 40);
      await apply([[later]]);
      expect(await threadOf(later)).toBe(await threadOf(late));

      const other = mail('Refund', 'carol@customer.example', 0);
      const replied = ourReply(other, 20);
      const answer = mail('Re: Refund', 'carol@customer.example', 45);
      await apply([[other], [replied], [answer]]);
      expect(await threadOf(answer)).toBe(await threadOf(other));
    });

    it('joins by references first, and never mail from the team itself nor automatic mail', async () => {
      const question = mail('Printer on fire', 'carol@customer.example', 0);
      const referenced = mail('Other printer', 'carol@customer.example', 1);
      // Its subject names the first conversation, its references the second: it joins the second.
      const byRefs = mail('Re: Printer on fire', 'carol@customer.example', 2, {
        inReplyTo: (referenced.data as EmailReceived).messageId,
        references: [(referenced.data as EmailReceived).messageId],
      });
      const auto = mail('Re: Printer on fire', 'carol@customer.example', 2, { isAutoReply: true });
      const person = mail('Re: Other printer', 'carol@customer.example', 3);
      await apply([[question, referenced], [ourReply(question, 1)], [byRefs, auto, person]]);
      expect(await threadOf(byRefs)).toBe(await threadOf(referenced));
      expect(await threadOf(auto)).not.toBe(await threadOf(question));
      expect(await threadOf(person)).toBe(await threadOf(referenced));

      // The address our replies are sent from is the team's own: its mail does not join by subject.
      const ours = mail('Printer on fire', 'support@example.com', 1);
      const oursAgain = mail('Re: Printer on fire', 'support@example.com', 2);
      await apply([[ours, oursAgain]]);
      expect(await threadOf(oursAgain)).not.toBe(await threadOf(ours));
    });

    it('joins nothing by subject while the team turned it off, in log order', async () => {
      const question = mail('Printer on fire', 'carol@customer.example', 0);
      const whileOff = mail('Re: Printer on fire', 'carol@customer.example', 1);
      const afterOn = mail('Re: Printer on fire', 'carol@customer.example', 2);
      await apply([[question, settings(false), whileOff, settings(true), afterOn]]);
      expect(await threadOf(whileOff)).toBe((whileOff.data as EmailReceived).emailId);
      // On again: it joins the most recently active conversation of that subject and sender.
      expect(await threadOf(afterOn)).toBe(await threadOf(whileOff));
      const [team] = await db.dataSource.query('SELECT join_by_subject FROM email_thread_team WHERE team_id = $1', [
        teamId,
      ]);
      expect(team.join_by_subject).toBe(true);

      await apply([[settings(false)], [mail('Re: Printer on fire', 'carol@customer.example', 3)]]);
      const rows = await db.dataSource.query(
        'SELECT count(DISTINCT thread_id)::int AS n FROM email_thread WHERE team_id = $1',
        [teamId],
      );
      expect(rows[0].n).toBe(3);
    });

    it("joins the answer to a conversation the team started by the subject and the team's recipient", async () => {
      const composed = mail('Quote request', 'support@example.com', 0, { to: ['Carol@customer.example'] } as never);
      (composed as { type: string }).type = 'EmailComposed';
      const answer = mail('Re: Quote request', 'carol@customer.example', 1);
      const fromUs = mail('Re: Quote request', 'support@example.com', 1);
      await apply([[composed], [answer, fromUs]]);
      expect(await threadOf(answer)).toBe(await threadOf(composed));
      expect(await threadOf(fromUs)).not.toBe(await threadOf(composed));
    });

    it('forgets the subject key of an erased sender', async () => {
      const question = mail('Printer on fire', 'carol@customer.example', 0);
      await apply([[question]]);
      const erased = {
        ...question,
        data: { ...(question.data as EmailReceived), subject: '[erased]', fromEmail: '[erased]' },
      } as StoredEvent;
      await db.dataSource.transaction((tx) => projection.rewritePersonalData([erased], tx));
      const [row] = await db.dataSource.query('SELECT subject_key FROM email_thread WHERE email_id = $1', [
        (question.data as EmailReceived).emailId,
      ]);
      expect(row.subject_key).toBeNull();
    });
  });
});

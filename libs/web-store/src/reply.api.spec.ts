import type { Reply, ReplyAddresses } from '@teaminbox/contracts';
import { replyChanged } from './events';
import { connected } from './realtime.slice';
import { repliesChanged, replyApi } from './reply.api';
import { createAppStore } from './store';
import { answerServerCalls, aReply } from './testing';

const REPLIES = 'GET /api/emails/e1/replies';
const ADDRESSES = 'GET /api/emails/e1/reply-addresses';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const callsTo = (fetch: jest.SpyInstance, key: string) =>
  fetch.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);

const reply = (id: string, overrides: Partial<Reply> = {}): Reply =>
  aReply({ id, subject: 'Re: Invoice', body: `Draft ${id}`, createdAt: '2026-03-20T10:00:00.000Z', ...overrides });

const addresses: ReplyAddresses = {
  reply: { to: ['desk@example.org'], cc: [] },
  replyAll: { to: ['desk@example.org'], cc: ['carol@example.org'] },
};

/** A store showing e1's replies (subscribed, as an open reply form keeps them). */
async function shown(replies: Reply[]) {
  const fetch = answerServerCalls({ [REPLIES]: replies, [ADDRESSES]: addresses });
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(replyApi.endpoints.emailReplies.initiate('e1'));
  await flush();
  const listed = () =>
    replyApi.endpoints.emailReplies
      .select('e1')(store.getState() as never)
      .data?.map((r) => r.id);
  return { store, fetch, listed };
}

describe("the reply form's cache", () => {
  afterEach(() => jest.restoreAllMocks());

  it("reads the email's replies and whom a reply goes to", async () => {
    const { store, listed } = await shown([reply('r1'), reply('r2', { status: 'SENT' })]);
    expect(listed()).toEqual(['r1', 'r2']);
    const answer = await store.dispatch(replyApi.endpoints.replyAddresses.initiate('e1'));
    expect(answer.data).toEqual(addresses);
  });

  it('a saved draft is posted (a new one) or put (the one edited), and the replies load again', async () => {
    const { store, fetch, listed } = await shown([]);
    const draft = { to: ['desk@example.org'], cc: [], subject: 'Re: Invoice', body: 'Later', htmlBody: null };
    answerServerCalls({
      'POST /api/emails/e1/replies': reply('r1'),
      'PUT /api/emails/e1/replies/r1': reply('r1'),
      [REPLIES]: [reply('r1')],
    });
    const created = await store.dispatch(
      replyApi.endpoints.saveReplyDraft.initiate({ emailId: 'e1', draftId: null, draft }),
    );
    expect(created.data?.id).toBe('r1');
    await store.dispatch(replyApi.endpoints.saveReplyDraft.initiate({ emailId: 'e1', draftId: 'r1', draft }));
    await flush();
    expect(callsTo(fetch, 'POST /api/emails/e1/replies').map(([, init]) => JSON.parse(init.body))).toEqual([draft]);
    expect(callsTo(fetch, 'PUT /api/emails/e1/replies/r1')).toHaveLength(1);
    expect(listed()).toEqual(['r1']);
    expect(callsTo(fetch, REPLIES).length).toBeGreaterThanOrEqual(2);
  });

  it('a deletion that fails changes nothing and loads nothing again; one that works loads the replies again', async () => {
    const { store, fetch, listed } = await shown([reply('r1')]);
    const failed = await store.dispatch(replyApi.endpoints.deleteReplyDraft.initiate({ emailId: 'e1', replyId: 'r1' }));
    expect(failed.error).toMatchObject({ status: 0 });
    await flush();
    expect(callsTo(fetch, REPLIES)).toHaveLength(1);
    expect(listed()).toEqual(['r1']);

    answerServerCalls({ 'DELETE /api/emails/e1/replies/r1': { success: true }, [REPLIES]: [] });
    await store.dispatch(replyApi.endpoints.deleteReplyDraft.initiate({ emailId: 'e1', replyId: 'r1' }));
    await flush();
    expect(listed()).toEqual([]);
  });

  it("a member's pushed reply loads that email's replies again, another email's does not; so does a reconnect", async () => {
    const { store, fetch, listed } = await shown([reply('r1')]);
    answerServerCalls({ [REPLIES]: [reply('r1'), reply('r2')] });
    store.dispatch(replyChanged({ emailId: 'e2', kind: 'draft-saved', reply: reply('x', { emailId: 'e2' }) }));
    await flush();
    expect(callsTo(fetch, REPLIES)).toHaveLength(1);
    store.dispatch(replyChanged({ emailId: 'e1', kind: 'draft-saved', reply: reply('r2') }));
    await flush();
    expect(listed()).toEqual(['r1', 'r2']);

    answerServerCalls({ [REPLIES]: [reply('r2')] });
    store.dispatch(connected());
    await flush();
    expect(listed()).toEqual(['r2']);
    expect(callsTo(fetch, REPLIES)).toHaveLength(3);
  });

  it('a sent reply makes the replies stale: its draft is gone', async () => {
    const { store, listed } = await shown([reply('r1')]);
    answerServerCalls({ [REPLIES]: [reply('r3', { status: 'QUEUED' })] });
    store.dispatch(repliesChanged('e1'));
    await flush();
    expect(listed()).toEqual(['r3']);
  });

  it('logs a list or addresses that cannot be loaded, which show nothing', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    answerServerCalls({});
    const store = createAppStore({ withoutCoreSagas: true });
    const replies = await store.dispatch(replyApi.endpoints.emailReplies.initiate('e9'));
    const found = await store.dispatch(replyApi.endpoints.replyAddresses.initiate('e9'));
    expect(replies.data).toBeUndefined();
    expect(found.data).toBeUndefined();
    expect(warn.mock.calls.map(([what]) => what)).toEqual(['Reply drafts not loaded', 'Reply addresses not loaded']);
  });
});

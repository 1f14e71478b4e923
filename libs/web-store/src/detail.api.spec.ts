import type { EmailAction, EmailDetail, ThreadMessage } from '@teaminbox/contracts';
import { activityApi } from './activity.api';
import { detailApi, detailTagsOf, emailChanged } from './detail.api';
import { commentChanged, emailUpdated, replyChanged } from './events';
import { connected } from './realtime.slice';
import { inboxApi } from './inbox.api';
import { createAppStore } from './store';
import { answerServerCalls, anEmail, aReply, serverFailure } from './testing';

const EMAIL = 'GET /api/emails/e1';
const THREAD = 'GET /api/emails/e1/thread';
const ACTIONS = 'GET /api/emails/e1/actions';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const callsTo = (fetch: jest.SpyInstance, key: string) =>
  fetch.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key).length;

const email = (overrides: Partial<EmailDetail> = {}): EmailDetail =>
  ({ ...anEmail({ id: 'e1', subject: 'Invoice' }), ...overrides }) as EmailDetail;
const message = (id: string): ThreadMessage => ({ ...anEmail({ id }), direction: 'incoming' });
const action = (id: string): EmailAction =>
  ({ id, type: 'STATUS_CHANGED', createdAt: '2026-03-20T10:00:00Z' }) as unknown as EmailAction;

/** A store showing e1, its thread and its action log (subscribed, as the open detail keeps them). */
async function shown() {
  const fetch = answerServerCalls({
    [EMAIL]: email(),
    [THREAD]: [message('e0'), message('e1')],
    [ACTIONS]: [action('a1')],
  });
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(inboxApi.endpoints.emailDetail.initiate('e1'));
  store.dispatch(detailApi.endpoints.emailThread.initiate('e1'));
  store.dispatch(activityApi.endpoints.emailActions.initiate('e1'));
  await flush();
  const state = () => store.getState() as never;
  return {
    store,
    fetch,
    shownEmail: () => inboxApi.endpoints.emailDetail.select('e1')(state()).data,
    thread: () =>
      detailApi.endpoints.emailThread
        .select('e1')(state())
        .data?.map((m) => m.id),
    actions: () =>
      activityApi.endpoints.emailActions
        .select('e1')(state())
        .data?.map((a) => a.id),
  };
}

describe("the email detail's cache of the email, its thread and its action log", () => {
  afterEach(() => jest.restoreAllMocks());

  it('reads the email, its thread and its action log', async () => {
    const { shownEmail, thread, actions } = await shown();
    expect(shownEmail()?.subject).toBe('Invoice');
    expect(thread()).toEqual(['e0', 'e1']);
    expect(actions()).toEqual(['a1']);
  });

  it("keeps a missing email's 404 for the page to say so", async () => {
    answerServerCalls({ 'GET /api/emails/gone': serverFailure(404, 'Email not found') });
    const store = createAppStore({ withoutCoreSagas: true });
    const answer = await store.dispatch(inboxApi.endpoints.emailDetail.initiate('gone'));
    expect(answer.error).toMatchObject({ status: 404, message: 'Email not found' });
  });

  it("a pushed change is applied to the cached email, and its thread and actions load again; another email's is not", async () => {
    const { store, fetch, shownEmail } = await shown();
    store.dispatch(emailUpdated({ id: 'e2', status: 'RESOLVED', actorUserId: 'u2' }));
    await flush();
    expect([callsTo(fetch, EMAIL), callsTo(fetch, THREAD), callsTo(fetch, ACTIONS)]).toEqual([1, 1, 1]);

    store.dispatch(emailUpdated({ id: 'e1', status: 'RESOLVED', actorUserId: 'u2' }));
    await flush();
    expect([callsTo(fetch, EMAIL), callsTo(fetch, THREAD), callsTo(fetch, ACTIONS)]).toEqual([1, 2, 2]);
    expect(shownEmail()?.status).toBe('RESOLVED');
  });

  it('a pushed reply loads the thread and the actions again, not the email; a reconnect loads everything', async () => {
    const { store, fetch } = await shown();
    store.dispatch(replyChanged({ emailId: 'e1', kind: 'sent', reply: aReply() }));
    await flush();
    expect([callsTo(fetch, EMAIL), callsTo(fetch, THREAD), callsTo(fetch, ACTIONS)]).toEqual([1, 2, 2]);

    store.dispatch(connected());
    await flush();
    expect([callsTo(fetch, EMAIL), callsTo(fetch, THREAD), callsTo(fetch, ACTIONS)]).toEqual([2, 3, 3]);
  });

  it('a change made from the detail makes the email, its actions and its history stale; a comment does not', async () => {
    const { store, fetch } = await shown();
    store.dispatch(detailApi.util.invalidateTags(emailChanged('e1')));
    await flush();
    expect([callsTo(fetch, EMAIL), callsTo(fetch, THREAD), callsTo(fetch, ACTIONS)]).toEqual([2, 1, 2]);
    expect(detailTagsOf(commentChanged({ emailId: 'e1', kind: 'added', comment: {} as never }))).not.toContainEqual({
      type: 'EmailDetail',
      id: 'e1',
    });
  });
});

/**
 * Test fixtures of the email detail page (for its *.spec.tsx files only): a detail, an attachment, the API calls
 * the page makes on opening, and the page rendered under its route with a store.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type {
  Comment,
  ConversationEmailRef,
  EmailAttachment,
  EmailDetail,
  EmailRulesExplanation,
  Label,
  Reply,
  ReplyAddresses,
  Role,
  TeamMember,
} from '@teaminbox/contracts';
import { ApiError, inboxApi } from '@teaminbox/api-client';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, injectFeature, selectPendingNotices, userLoaded } from '@teaminbox/web-store';
import feature from '../../feature';
import { emailDetailFeature } from './emailDetailFeature';
import { anEmail } from '@teaminbox/web-store/testing';
import { answerServerCalls, serverFailure } from '@teaminbox/web-store/testing';
import EmailDetailPage from './EmailDetailPage';

export const user = { id: 'u1', email: 'jana@example.com', firstName: null, lastName: null, role: null, teamId: 't1' };
export const important: Label = {
  id: 'l1',
  name: 'Important',
  color: 'danger',
  backgroundColor: 'solid',
  teamId: 't1',
  isDefault: true,
} as Label;
export const petr = { id: 'u2', name: 'Petr', email: 'petr@example.com' } as TeamMember;

export function emailDetail(overrides: Partial<EmailDetail> = {}): EmailDetail {
  return {
    ...anEmail({
      id: 'e1',
      subject: 'Invoice for March',
      body: 'Please find the invoice attached.',
      fromName: 'Billing',
      fromEmail: 'billing@example.com',
      to: ['support@example.com'],
      receivedAt: '2025-03-04T10:15:00.000Z',
      read: true,
    }),
    remoteImages: 0,
    muted: false,
    assignedToName: null,
    messageId: null,
    inReplyTo: null,
    isAutoReply: false,
    isBounce: false,
    direction: 'incoming',
    ...overrides,
  };
}

export const attachment = (overrides: Partial<EmailAttachment> = {}): EmailAttachment => ({
  id: 'a1',
  filename: 'invoice.pdf',
  size: 120,
  contentType: 'application/pdf',
  inline: false,
  ...overrides,
});

/** What the rules did to e1: by default, the engine handled it and no rule matched. */
export const noRulesMatched = (): EmailRulesExplanation => ({
  emailId: 'e1',
  evaluated: true,
  tooSlow: [],
  skipped: null,
  matches: [],
});

/**
 * After each test: the page unmounts first, so its saga leaves the email's presence through the stubs, and only then
 * do the stubs go (the other way round, the saga called the real client after the test).
 */
export function closeDetail(): void {
  cleanup();
  jest.restoreAllMocks();
}

/** A comment on e1 by Petr (overrides change it, e.g. its email or author). */
export const aComment = (overrides: Partial<Comment> = {}): Comment => ({
  id: 'c1',
  emailId: 'e1',
  message: 'Checked with accounting',
  userId: 'u2',
  userName: 'Petr',
  userEmail: 'petr@example.com',
  mentions: [],
  createdAt: '2025-03-04T11:00:00.000Z',
  updatedAt: null,
  ...overrides,
});

/** e1 as its conversation's comments name it. */
export const e1Ref: ConversationEmailRef = {
  id: 'e1',
  subject: 'Invoice for March',
  fromName: 'Billing',
  fromEmail: 'billing@example.com',
  receivedAt: '2025-03-04T10:15:00.000Z',
};

/** The answers of e1's comment lists: its own (`comments`), and its conversation's (`conversation`, e1 alone by default). */
export function commentAnswers(
  comments: Comment[],
  conversation: { emailIds: string[]; comments: (Comment & { email: ConversationEmailRef })[] } = {
    emailIds: ['e1'],
    comments: comments.map((comment) => ({ ...comment, email: e1Ref })),
  },
): Record<string, unknown> {
  return {
    'GET /api/emails/e1/comments': comments,
    'GET /api/emails/e1/comments?scope=conversation': conversation,
  };
}

/** The calls the page sent through the api cache (`fetch`) with this method and path: their JSON bodies. */
export function serverCalls(method: string, path: string): unknown[] {
  const fetchMock = jest.mocked(globalThis.fetch);
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

/** Whom a reply to e1 goes to, as the server answers when the email has no Reply-To: its sender. */
export const senderAddresses = (): ReplyAddresses => ({
  reply: { to: ['billing@example.com'], cc: [] },
  replyAll: { to: ['billing@example.com'], cc: [] },
});

/** The server's failure as the api cache's calls receive it (an ApiError keeps its status; anything else is a 500). */
const failureOf = (error: Error) => serverFailure(error instanceof ApiError ? error.status : 500, error.message);

/**
 * Answers every call the page makes on opening; `detail` may be an error for the email itself. `shareComments` is the
 * person's "Share internal comments within a thread" (on by default, as the server's default); `replies` the email's
 * replies (its drafts among them) and `addresses` whom a reply goes to (null: not answered, the call fails).
 */
export function stubDetailApi(
  detail: EmailDetail | Error,
  {
    labels = [important],
    members = [petr],
    rules = noRulesMatched(),
    comments = [],
    shareComments = true,
    replies = [],
    addresses = senderAddresses(),
  }: {
    labels?: Label[];
    members?: TeamMember[];
    /** null: the rules are not answered (the call fails). */
    rules?: EmailRulesExplanation | null;
    comments?: Comment[];
    shareComments?: boolean;
    replies?: Reply[];
    addresses?: ReplyAddresses | null;
  } = {},
): void {
  jest.spyOn(inboxApi, 'markRead').mockResolvedValue(detail instanceof Error ? emailDetail() : detail);
  jest.spyOn(inboxApi, 'joinPresence').mockResolvedValue(undefined as never);
  jest.spyOn(inboxApi, 'leavePresence').mockResolvedValue(undefined as never);
  jest.spyOn(inboxApi, 'setReplying').mockResolvedValue(undefined as never);
  answerServerCalls({
    'GET /api/emails/e1': detail instanceof Error ? failureOf(detail) : detail,
    'GET /api/emails/e1/thread': [],
    'GET /api/emails/e1/actions': [],
    'GET /api/user/preferences': { emailDetailViewMode: 'classic' },
    'GET /api/team/members': members,
    'GET /api/email-labels?teamId=t1': labels,
    'GET /api/notification-settings': { shareCommentsAcrossThread: shareComments },
    'GET /api/reply-templates': [],
    ...(rules ? { 'GET /api/emails/e1/rules': rules } : {}),
    ...commentAnswers(comments),
    'GET /api/emails/e1/replies': replies,
    ...(addresses ? { 'GET /api/emails/e1/reply-addresses': addresses } : {}),
  });
}

/** Renders /admin/email-detail/e1 (and a stand-in inbox); returns the store and the notices as the user reads them. */
export async function renderDetail({
  signedIn = true,
  waitForEmail = true,
  role = null,
  search = '',
}: { signedIn?: boolean; waitForEmail?: boolean; role?: Role | null; search?: string } = {}) {
  const i18n = initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  if (signedIn) store.dispatch(userLoaded({ ...user, role }));
  injectFeature(store, feature);
  injectFeature(store, emailDetailFeature);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[`/admin/email-detail/e1${search}`]}>
        <Routes>
          <Route path="/admin/email-detail/:id" element={<EmailDetailPage />} />
          <Route path="/admin/inbox" element={<p data-testid="inbox-page">inbox</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  if (waitForEmail) {
    await screen.findByTestId('email-detail-subject');
    // The team's members and labels come from the shared cache, beside the email's own calls.
    await waitFor(() =>
      expect(Object.values(store.getState().api.queries).every((query) => query?.status !== 'pending')).toBe(true),
    );
  }
  /** The notices raised: severity, text, duration. */
  const notices = () =>
    selectPendingNotices(store.getState()).map((notice) => [
      notice.severity,
      i18n.t(notice.key ?? '', { ...notice.values, ns: 'inbox' }),
      notice.lifeMs,
    ]);
  return { store, notices };
}

import { ReadableStream } from 'node:stream/web';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Page, TeamAuditEntry, TeamMember } from '@teaminbox/contracts';
import { auditApi } from '@teaminbox/web-store';
import { me, renderPage } from '../../testing/admin-harness';
import TeamAuditPage from './TeamAuditPage';
import { selectTeamAudit } from './teamAuditSlice';

const EMAIL = '01900000-0000-7000-8000-000000000001';
const entry = (overrides: Partial<TeamAuditEntry>): TeamAuditEntry => ({
  eventId: 'e',
  occurredAt: '2026-03-01T10:00:00.000Z',
  type: 'EmailArchived',
  streamId: `email-${EMAIL}`,
  streamVersion: 2,
  actorKind: 'user',
  actorUserId: 'u-2',
  actorName: 'Petr Svoboda',
  actorRuleId: null,
  actorRuleName: null,
  emailId: EMAIL,
  correlationId: 'req-1',
  causationId: null,
  payload: { teamId: 't-1', emailId: EMAIL },
  ...overrides,
});
const page = (content: TeamAuditEntry[]): Page<TeamAuditEntry> => ({
  content,
  totalElements: content.length,
  totalPages: 1,
});
const members: TeamMember[] = [{ id: 'u-2', name: 'Petr Svoboda', email: 'petr@example.com', role: 'MEMBER' }];

const shown = () =>
  screen.queryAllByTestId('audit-entry').map((row) => ({
    type: within(row).getByTestId('audit-type-tag').textContent,
    text: row.textContent,
  }));

/** The answer to an erasure: 201 with the erasure's event, or (`status: 200, eventId: null`) one erased before. */
const erasureAnswer = (
  finished: boolean,
  remains: { eventType: string; count: number }[],
  { status, eventId }: { status: number; eventId: string | null } = { status: 201, eventId: 'e' },
): [number, unknown] => [status, { subjectId: 's', eventId, erasedAt: '2026-03-01T10:00:00.000Z', finished, remains }];

describe('the Audit trail screen', () => {
  /** The admin erases `email` on the screen (typed, confirmed); the server answers `answer`. */
  const eraseOnScreen = async (email: string, answer: [number, unknown]) => {
    renderPage(TeamAuditPage, {
      'GET /api/team/members': [200, members],
      'GET /api/team/audit?page=0&size=50': [200, page([])],
      'POST /api/team/audit/erasures': answer,
    });
    fireEvent.change(await screen.findByLabelText('Email address of the person'), { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: 'Erase personal data' }));
    fireEvent.click(within(await screen.findByTestId('audit-erasure-confirm')).getByRole('button', { name: 'Erase' }));
  };

  it('lists the team’s events and loads them again with the filters applied', async () => {
    const { calls } = renderPage(TeamAuditPage, {
      'GET /api/team/members': [200, members],
      'GET /api/team/audit?page=0&size=50': [
        200,
        page([
          entry({ eventId: 'a1' }),
          entry({
            eventId: 'a2',
            type: 'EmailLabelAdded',
            actorKind: 'rule',
            actorUserId: null,
            actorName: null,
            actorRuleId: 'r-1',
            actorRuleName: 'Invoices',
          }),
        ]),
      ],
      [`GET /api/team/audit?emailId=${EMAIL}&page=0&size=50`]: [200, page([entry({ eventId: 'a1' })])],
      'GET /api/team/audit?emailId=bad&page=0&size=50': [400, { message: 'emailId must be a UUID' }],
    });
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(shown()[0]).toMatchObject({ type: 'EmailArchived' });
    expect(shown()[0].text).toContain('Petr Svoboda');
    expect(shown()[1].text).toContain('Rule "Invoices"');

    fireEvent.change(screen.getByLabelText('Email ID'), { target: { value: EMAIL } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(shown()).toHaveLength(1));
    expect(calls.map((call) => call.path)).toContain(`/api/team/audit?emailId=${EMAIL}&page=0&size=50`);

    fireEvent.change(screen.getByLabelText('Email ID'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('audit-error')).toHaveTextContent('emailId must be a UUID');
    expect(shown()).toEqual([]);
  });

  it('reads the trail from the api cache, the filters applied and the page as its arguments', async () => {
    const twoPages = (content: TeamAuditEntry[]) => ({ content, totalElements: 51, totalPages: 2 });
    const { store, calls } = renderPage(TeamAuditPage, {
      'GET /api/team/members': [200, members],
      'GET /api/team/audit?page=0&size=50': [200, twoPages([entry({ eventId: 'a1' })])],
      'GET /api/team/audit?page=1&size=50': [200, twoPages([entry({ eventId: 'a51', type: 'EmailAssigned' })])],
    });
    const trailCalls = (page: number) =>
      calls.filter((call) => call.path === `/api/team/audit?page=${page}&size=50`).length;
    await waitFor(() => expect(shown()).toEqual([expect.objectContaining({ type: 'EmailArchived' })]));

    fireEvent.click(screen.getByRole('button', { name: 'Next Page' }));
    await waitFor(() => expect(shown()).toEqual([expect.objectContaining({ type: 'EmailAssigned' })]));
    expect(auditApi.endpoints.teamAudit.select({ page: 1, size: 50 })(store.getState()).data).toEqual(
      twoPages([entry({ eventId: 'a51', type: 'EmailAssigned' })]),
    );

    // Apply goes back to the first page, and loads it afresh each time (no push tells of new events).
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(shown()).toEqual([expect.objectContaining({ type: 'EmailArchived' })]));
    expect(trailCalls(0)).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(trailCalls(0)).toBe(3));
    expect(trailCalls(1)).toBe(1);
  });

  it('downloads an export through the saga, counting the entries received against the total', async () => {
    const { store } = renderPage(TeamAuditPage, {
      'GET /api/team/members': [200, members],
      'GET /api/team/audit?page=0&size=50': [200, page([entry({ eventId: 'a1' })])],
    });
    await waitFor(() => expect(shown()).toHaveLength(1));
    const chunks = ['eventId,type\n', 'a1,EmailArchived\na2,Email', 'Assigned\n'].map((text) =>
      new TextEncoder().encode(text),
    );
    let pull = 0;
    const pages = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pull < chunks.length) controller.enqueue(chunks[pull++]);
        else controller.close();
      },
    });
    const fakeFetch = global.fetch;
    const exportCalls: string[] = [];
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      if (!url.startsWith('/api/team/audit/export')) return fakeFetch(url, init);
      exportCalls.push(`${url} ${(init?.headers as Record<string, string>).authorization}`);
      return {
        ok: true,
        status: 200,
        body: pages,
        headers: new Headers({
          'x-total-count': '2',
          'content-disposition': 'attachment; filename="team-audit-2026-03-01T100000Z.csv"',
        }),
      };
    }) as unknown as typeof fetch;
    localStorage.setItem('access_token', 'the-token');
    const saved: { blob?: Blob; name?: string } = {};
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved.blob = blob;
      return 'blob:audit';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.name = this.download;
    });

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(selectTeamAudit(store.getState()).download?.status).toBe('done'));
    expect(exportCalls).toEqual(['/api/team/audit/export?format=csv Bearer the-token']);
    expect(selectTeamAudit(store.getState()).download).toMatchObject({ rows: 2, total: 2, bytes: 47 });
    expect(saved.name).toBe('team-audit-2026-03-01T100000Z.csv');
    expect(saved.blob?.size).toBe(47);
    expect(screen.getByTestId('audit-export-progress')).toHaveTextContent('Exported 2 entries');
    click.mockRestore();
  });

  it('lets an admin erase a person after a confirmation naming the consequences', async () => {
    const { calls } = renderPage(TeamAuditPage, {
      'GET /api/team/members': [200, members],
      'GET /api/team/audit?page=0&size=50': [200, page([entry({ eventId: 'a1' })])],
      'POST /api/team/audit/erasures': erasureAnswer(true, []),
    });
    await waitFor(() => expect(shown()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Email address of the person'), {
      target: { value: 'jana@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Erase personal data' }));
    const dialog = await screen.findByTestId('audit-erasure-confirm');
    expect(dialog).toHaveTextContent('Erase the personal data of jana@example.com?');
    expect(dialog).toHaveTextContent('The events stay listed with who did what and when. This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByTestId('audit-erased')).toHaveTextContent(
      'The personal data of jana@example.com was erased.',
    );
    const erasure = calls.find((call) => call.path === '/api/team/audit/erasures');
    expect(erasure?.body).toEqual({ email: 'jana@example.com' });
    // The trail is loaded again: the erasure is its newest entry.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/team/audit?page=0&size=50').length).toBe(2));
  });

  it('says when a long erasure goes on after the answer (keys deleted, read models still being updated)', async () => {
    await eraseOnScreen('jana@example.com', erasureAnswer(false, [{ eventType: 'EmailReceived', count: 5000 }]));
    expect(await screen.findByTestId('audit-erasure-running')).toHaveTextContent(
      'The keys of jana@example.com are deleted: nothing of theirs can be read from the history any more.',
    );
    // Rows not yet written again are no report of what cannot be erased.
    expect(screen.queryByTestId('audit-erasure-remains')).toBeNull();
  });

  it('says what cannot be fully erased: the event types that still name the address, with their counts', async () => {
    await eraseOnScreen(
      'jana@example.com',
      erasureAnswer(true, [
        { eventType: 'CommentAdded', count: 2 },
        { eventType: 'InvitationSent', count: 1 },
      ]),
    );
    expect(await screen.findByTestId('audit-erased')).toHaveTextContent(
      'The personal data of jana@example.com was erased.',
    );
    const remains = screen.getByTestId('audit-erasure-remains');
    expect(remains).toHaveTextContent('The personal data of jana@example.com cannot be fully erased.');
    expect(remains).toHaveTextContent('These events still name this address where no erasure of it reaches');
    expect(screen.getAllByTestId('audit-erasure-remain').map((item) => item.textContent)).toEqual([
      'CommentAdded: 2 events',
      'InvitationSent: 1 events',
    ]);
  });

  it('reports an address only plain-text events name, instead of "not kept", and erases nothing', async () => {
    await eraseOnScreen(
      'old@example.com',
      erasureAnswer(true, [{ eventType: 'CommentAdded', count: 1 }], { status: 200, eventId: null }),
    );
    expect(await screen.findByTestId('audit-erasure-remains')).toHaveTextContent(
      'The personal data of old@example.com cannot be fully erased: this team keeps none of it sealed, so nothing was erased.',
    );
    expect(screen.getByTestId('audit-erasure-remain')).toHaveTextContent('CommentAdded: 1 events');
    expect(screen.queryByTestId('audit-erased')).toBeNull();
    expect(screen.queryByTestId('audit-erasure-error')).toBeNull();
  });

  it('shows the server’s refusal of an erasure', async () => {
    await eraseOnScreen('nobody@example.com', [
      404,
      { message: 'No personal data of this address is kept in your team.' },
    ]);
    expect(await screen.findByTestId('audit-erasure-error')).toHaveTextContent(
      'No personal data of this address is kept in your team.',
    );
  });

  it('offers no erasure to a maintainer or an auditor', async () => {
    for (const role of ['MAINTAINER', 'AUDITOR'] as const) {
      renderPage(
        TeamAuditPage,
        { 'GET /api/team/members': [200, members], 'GET /api/team/audit?page=0&size=50': [200, page([])] },
        { user: { ...me, role } },
      );
      await screen.findByTestId('audit-table');
      expect(screen.queryByTestId('audit-erasure')).toBeNull();
      cleanup();
    }
  });
});

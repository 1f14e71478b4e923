import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EmailAction, Page, TeamActivityEntry } from '@teaminbox/contracts';
import { me, renderPage } from '../../testing/admin-harness';
import TeamActivityPage from './TeamActivityPage';

const EMAIL = '01900000-0000-7000-8000-000000000001';
const entry = (overrides: Partial<TeamActivityEntry>): TeamActivityEntry => ({
  id: 'e',
  type: 'ARCHIVED',
  createdAt: '2026-03-01T10:00:00.000Z',
  actorUserId: 'u-2',
  actorName: 'Petr Svoboda',
  actorEmail: 'petr@example.com',
  actorKind: 'user',
  emailId: null,
  emailSubject: null,
  details: {},
  ...overrides,
});
const page = (content: TeamActivityEntry[], totalElements = content.length): Page<TeamActivityEntry> => ({
  content,
  totalElements,
  totalPages: Math.ceil(totalElements / 20),
});
const TEAM = (n = 0) => `GET /api/team/actions?teamId=t-1&page=${n}&size=20`;

const shown = () =>
  screen.queryAllByTestId('activity-entry').map((row) => ({
    actor: within(row).getByTestId('activity-actor').textContent,
    type: within(row).getByTestId('activity-type').textContent,
    email: within(row).queryByTestId('activity-email-id')?.textContent ?? null,
    details: within(row).getByTestId('activity-details').textContent,
  }));

describe('the Team Activity screen', () => {
  it('lists the team’s actions with avatar, type, actor, date, email id and details', async () => {
    renderPage(TeamActivityPage, {
      [TEAM()]: [
        200,
        page([
          entry({
            id: 'a1',
            type: 'ASSIGN',
            emailId: EMAIL,
            emailSubject: 'Invoice',
            details: { assignedTo: 'u-1', assignedToName: 'Jana Nováková' },
          }),
          entry({
            id: 'a2',
            type: 'LABEL_UPDATED',
            actorUserId: 'u-1',
            actorName: 'Jana Nováková',
            details: {
              labelName: 'V.I.P.',
              changed: ['labelName', 'color'],
              previous: { labelName: 'VIP', color: 'info' },
            },
          }),
          entry({
            id: 'a3',
            type: 'MAILBOX_UPDATED',
            details: { changed: ['imapPassword', 'smtpPort'], previous: { smtpPort: 587 } },
          }),
          entry({
            id: 'a4',
            type: 'LABEL_ADDED',
            actorKind: 'rule',
            actorUserId: null,
            actorName: 'Invoices',
            actorEmail: null,
            emailId: EMAIL,
            details: { labelName: 'Invoice' },
          }),
          entry({
            id: 'a5',
            type: 'REPLY_SENT',
            emailId: EMAIL,
            details: { subject: 'Re: Invoice', to: ['a@example.com'], status: 'FAILED', error: 'Refused' },
          }),
          entry({
            id: 'a10',
            type: 'EMAIL_FORWARDED',
            emailId: EMAIL,
            details: { subject: 'Fwd: Invoice', to: ['b@example.com'], status: 'SENT' },
          }),
          entry({
            id: 'a6',
            type: 'STATUS_CHANGED',
            emailId: EMAIL,
            details: { status: 'CLOSED', previousStatus: 'OPEN' },
          }),
          entry({
            id: 'a8',
            type: 'RULE_UPDATED',
            details: {
              ruleName: 'Bills',
              changed: ['ruleName', 'conditions'],
              previous: { ruleName: 'Invoices', conditions: null },
            },
          }),
          entry({ id: 'a9', type: 'RULE_DISABLED', details: { ruleId: 'r-1', ruleName: 'Bills' } }),
          entry({
            id: 'a7',
            type: 'FOLLOW_UP_SET' as TeamActivityEntry['type'],
            actorKind: 'system',
            actorUserId: null,
          }),
        ]),
      ],
    });
    expect(screen.getByRole('heading', { name: 'Team Activity' })).toBeInTheDocument();
    await waitFor(() => expect(shown()).toHaveLength(10));
    expect(shown()).toEqual([
      { actor: 'PSPetr Svoboda', type: 'Assigned', email: EMAIL, details: 'Assigned to Jana Nováková' },
      {
        actor: 'JNJana Nováková',
        type: 'Label changed',
        email: null,
        details: 'Label "V.I.P." changed: name (was VIP), colour (was info)',
      },
      {
        actor: 'PSPetr Svoboda',
        type: 'Mailbox changed',
        email: null,
        details: 'Mailbox configuration changed: IMAP password, SMTP port (was 587)',
      },
      { actor: 'Rule "Invoices"', type: 'Label added', email: EMAIL, details: 'Label "Invoice" added' },
      {
        actor: 'PSPetr Svoboda',
        type: 'Reply sent',
        email: EMAIL,
        details: 'Reply "Re: Invoice" to a@example.com: not sent (Refused)',
      },
      {
        actor: 'PSPetr Svoboda',
        type: 'Email forwarded',
        email: EMAIL,
        details: 'Forward "Fwd: Invoice" to b@example.com: sent',
      },
      {
        actor: 'PSPetr Svoboda',
        type: 'Status changed',
        email: EMAIL,
        details: 'Status changed from OPEN to CLOSED',
      },
      {
        actor: 'PSPetr Svoboda',
        type: 'Rule changed',
        email: null,
        details: 'Rule "Bills" changed: name (was Invoices), conditions',
      },
      { actor: 'PSPetr Svoboda', type: 'Rule disabled', email: null, details: 'Rule "Bills" disabled' },
      // A type the texts do not know yet still reads as words.
      { actor: 'System', type: 'Follow up set', email: null, details: '' },
    ]);
    const avatar = within(screen.getAllByTestId('activity-avatar')[0]).getByTestId('person-avatar');
    expect(avatar).toHaveStyle({ width: '28px', height: '28px' });
    expect(screen.getAllByTestId('activity-email-id')[0]).toHaveAttribute('href', `/admin/email-detail/${EMAIL}`);
    expect(screen.getAllByTestId('activity-date')[0]).toHaveAttribute('datetime', '2026-03-01T10:00:00.000Z');
  });

  it('words the snoozes, wake-ups and reminders of an email', async () => {
    const until = '2026-12-01T08:00:00.000Z';
    const at = new Date(until).toLocaleString('en');
    renderPage(TeamActivityPage, {
      [TEAM()]: [
        200,
        page([
          entry({ id: 's1', type: 'SNOOZED', emailId: EMAIL, details: { until } }),
          entry({
            id: 's2',
            type: 'WOKEN',
            emailId: EMAIL,
            actorKind: 'system',
            actorUserId: null,
            details: { reason: 'time' },
          }),
          entry({ id: 's3', type: 'REMINDER_SET', emailId: EMAIL, details: { until, replyId: 'r-1' } }),
          entry({ id: 's4', type: 'REMINDER_CANCELLED', emailId: EMAIL, details: { reason: 'answer' } }),
        ]),
      ],
    });
    await waitFor(() => expect(shown()).toHaveLength(4));
    expect(shown().map(({ type, details }) => [type, details])).toEqual([
      ['Snoozed', `Snoozed until ${at}`],
      ['Back from snooze', 'Back in the inbox (snooze time reached)'],
      ['Reminder set', `Reminder if no answer by ${at}`],
      ['Reminder cancelled', 'Reminder cancelled: the customer answered'],
    ]);
  });

  it('words a message sent for later, a send undone and a scheduled send cancelled', async () => {
    const when = '2026-12-01T08:00:00.000Z';
    const at = new Date(when).toLocaleString('en');
    const reply = { subject: 'Re: Invoice', to: ['a@example.com'] };
    renderPage(TeamActivityPage, {
      [TEAM()]: [
        200,
        page([
          entry({
            id: 'u1',
            type: 'REPLY_SENT',
            emailId: EMAIL,
            details: { ...reply, replyId: 'r-1', status: 'SCHEDULED', scheduledFor: when },
          }),
          entry({ id: 'u2', type: 'REPLY_SENT', emailId: EMAIL, details: { ...reply, status: 'CANCELLED' } }),
          entry({ id: 'u3', type: 'SEND_UNDONE', emailId: EMAIL, details: { replyId: 'r-2', draftId: 'd-2' } }),
          entry({
            id: 'u4',
            type: 'SCHEDULED_SEND_CANCELLED',
            emailId: EMAIL,
            details: { replyId: 'r-3', draftId: 'd-3', scheduledFor: when },
          }),
        ]),
      ],
    });
    await waitFor(() => expect(shown()).toHaveLength(4));
    expect(shown().map(({ type, details }) => [type, details])).toEqual([
      ['Reply sent', `Reply "Re: Invoice" to a@example.com: scheduled for ${at}`],
      ['Reply sent', 'Reply "Re: Invoice" to a@example.com: not sent (sending undone)'],
      ['Sending undone', 'Sending undone within the undo window: the message is a draft again'],
      ['Scheduled send cancelled', `Send scheduled for ${at} cancelled: the message is a draft again`],
    ]);
  });

  it('loads one email’s actions with the filter, and the team’s again with a blank one', async () => {
    const action: EmailAction = {
      id: 'x1',
      type: 'SPAM',
      createdAt: '2026-03-02T10:00:00.000Z',
      actorUserId: 'u-1',
      actorName: 'Jana Nováková',
      actorEmail: me.email,
      actor: { kind: 'user', userId: 'u-1' },
      details: {},
    };
    const older = { ...action, id: 'x0', type: 'ARCHIVED' as const, createdAt: '2026-03-01T10:00:00.000Z' };
    const { calls } = renderPage(TeamActivityPage, {
      [TEAM()]: [200, page([entry({ id: 'a1' })])],
      [`GET /api/emails/${EMAIL}/actions`]: [200, [older, action]],
    });
    await waitFor(() => expect(shown()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Email ID'), { target: { value: ` ${EMAIL} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(shown().map((row) => row.type)).toEqual(['Spam', 'Archived']));
    expect(shown().every((row) => row.email === EMAIL)).toBe(true);
    fireEvent.change(screen.getByLabelText('Email ID'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(shown().map((row) => row.type)).toEqual(['Archived']));
    expect(calls.map((call) => call.path)).toEqual([
      '/api/team/actions?teamId=t-1&page=0&size=20',
      `/api/emails/${EMAIL}/actions`,
      '/api/team/actions?teamId=t-1&page=0&size=20',
    ]);
  });

  it('pages through the team’s actions', async () => {
    const first = Array.from({ length: 20 }, (_, i) => entry({ id: `p0-${i}` }));
    const { calls } = renderPage(TeamActivityPage, {
      [TEAM(0)]: [200, page(first, 21)],
      [TEAM(1)]: [200, page([entry({ id: 'p1-0', type: 'SPAM' })], 21)],
    });
    await waitFor(() => expect(shown()).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(shown().map((row) => row.type)).toEqual(['Spam']));
    expect(calls.at(-1)?.path).toBe('/api/team/actions?teamId=t-1&page=1&size=20');
  });

  it('shows an empty list when loading fails, and makes no call without a team', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(TeamActivityPage, { [TEAM()]: [500, { message: 'down' }] });
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
    error.mockRestore();
  });

  it('makes no call for a user without a team', async () => {
    const { calls } = renderPage(TeamActivityPage, {}, { user: { ...me, teamId: null } });
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

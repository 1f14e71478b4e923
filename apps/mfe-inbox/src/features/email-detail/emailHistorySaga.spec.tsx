import { act, fireEvent, screen } from '@testing-library/react';
import type { EmailHistoryEntry } from '@teaminbox/contracts';
import { inboxApi } from '@teaminbox/api-client';
import { connected, emailUpdated } from '@teaminbox/web-store';
import { closeDetail, emailDetail, renderDetail, stubDetailApi } from './detail-test-harness';

const entry = (version: number, type: string): EmailHistoryEntry => ({
  id: `ev${version}`,
  version,
  type,
  occurredAt: '2026-11-17T14:00:00.000Z',
  actor: { kind: 'system', source: 'mail-server' },
  change: {},
  correlationId: `c${version}`,
  causationId: null,
});

describe('the History view of the open email', () => {
  afterEach(closeDetail);

  it('lists the read mark stored after the view loaded, and refreshes on pushes and on a reconnect', async () => {
    stubDetailApi(emailDetail({ read: false }));
    let storeReadMark!: () => void;
    jest
      .spyOn(inboxApi, 'markRead')
      .mockReturnValue(new Promise((resolve) => (storeReadMark = () => resolve(emailDetail({ read: true })))) as never);
    const history = jest
      .spyOn(inboxApi, 'getEmailHistory')
      .mockResolvedValueOnce([entry(1, 'EmailReceived')])
      .mockResolvedValueOnce([entry(1, 'EmailReceived'), entry(2, 'EmailMarkedRead')])
      .mockResolvedValue([entry(1, 'EmailReceived'), entry(2, 'EmailMarkedRead'), entry(3, 'EmailArchived')]);
    const { store } = await renderDetail({ role: 'MEMBER' });

    fireEvent.click(screen.getByTestId('history-toggle'));
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(1);

    await act(async () => storeReadMark());
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(2);
    // Each entry says what changed in the reader's words (the inbox's texts, not the event's type).
    expect(screen.getAllByTestId('history-change')[1]).toHaveTextContent('Marked as read');
    expect(screen.getAllByTestId('history-actor')[0]).toHaveTextContent('Mail server');

    // Another email's change does not reload; this one's does, and so does a socket that connects again.
    const calls = history.mock.calls.length;
    await act(async () => void store.dispatch(emailUpdated({ id: 'other' } as never)));
    expect(history.mock.calls.length).toBe(calls);
    await act(async () => void store.dispatch(emailUpdated({ id: 'e1' } as never)));
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(3);
    await act(async () => void store.dispatch(connected()));
    expect(history.mock.calls.length).toBe(calls + 2);
  });
});

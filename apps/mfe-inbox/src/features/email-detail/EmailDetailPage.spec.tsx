import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { EmailAttachment, EmailDetail, Label } from '@teaminbox/contracts';
import { api, ApiError, inboxApi, personalApi } from '@teaminbox/api-client';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, injectFeature, selectPendingNotices, userLoaded } from '@teaminbox/web-store';
import feature from '../../feature';
import EmailDetailPage from './EmailDetailPage';

const user = { id: 'u1', email: 'jana@example.com', firstName: null, lastName: null, role: null, teamId: 't1' };
const important: Label = {
  id: 'l1',
  name: 'Important',
  color: 'danger',
  backgroundColor: 'solid',
  teamId: 't1',
  isDefault: true,
} as Label;
const urgent: Label = { ...important, id: 'l2', name: 'Urgent' };

function email(overrides: Partial<EmailDetail> = {}): EmailDetail {
  return {
    id: 'e1',
    teamId: 't1',
    subject: 'Invoice for March',
    body: 'Please find the invoice attached.',
    htmlBody: null,
    fromName: 'Billing',
    fromEmail: 'billing@example.com',
    to: ['support@example.com'],
    cc: [],
    receivedAt: '2025-03-04T10:15:00.000Z',
    read: true,
    readAt: null,
    readBy: null,
    isArchived: false,
    isSpam: false,
    priority: 'MEDIUM',
    status: 'NEW',
    assignedTo: null,
    labels: [],
    attachments: [],
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

const attachment = (overrides: Partial<EmailAttachment>): EmailAttachment => ({
  id: 'a1',
  filename: 'invoice.pdf',
  size: 120,
  contentType: 'application/pdf',
  inline: false,
  ...overrides,
});

function stubApi(detail: EmailDetail) {
  jest.spyOn(inboxApi, 'getEmail').mockResolvedValue(detail);
  jest.spyOn(inboxApi, 'markRead').mockResolvedValue(detail);
  jest.spyOn(inboxApi, 'joinPresence').mockResolvedValue(undefined as never);
  jest.spyOn(inboxApi, 'leavePresence').mockResolvedValue(undefined as never);
  jest.spyOn(inboxApi, 'listComments').mockResolvedValue([]);
  jest.spyOn(inboxApi, 'listLabels').mockResolvedValue([important, urgent]);
  jest.spyOn(inboxApi, 'getThread').mockResolvedValue([]);
  jest.spyOn(inboxApi, 'listReplies').mockResolvedValue([]);
  jest.spyOn(inboxApi, 'getPreferences').mockResolvedValue({ emailDetailViewMode: 'classic' } as never);
  jest.spyOn(personalApi, 'listTemplates').mockResolvedValue([]);
  jest.spyOn(personalApi, 'getNotificationSettings').mockResolvedValue({ htmlSignature: '' } as never);
  jest.spyOn(api, 'getTeamMembers').mockResolvedValue([]);
}

async function renderDetail() {
  initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(userLoaded(user));
  injectFeature(store, { ...feature, saga: undefined });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/admin/email-detail/e1']}>
        <Routes>
          <Route path="/admin/email-detail/:id" element={<EmailDetailPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByTestId('email-detail-subject');
  return store;
}

describe('the email detail page', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps a label whose removal failed, with the error notice; the remove button is named after the label', async () => {
    stubApi(email({ labels: ['l1'] }));
    const remove = jest
      .spyOn(inboxApi, 'removeLabelFromEmail')
      .mockRejectedValue(new ApiError(500, 'Internal Server Error'));
    const store = await renderDetail();
    await screen.findByTestId('email-label');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove label Important' }));
    });
    expect(remove).toHaveBeenCalledWith('e1', 'l1');
    await waitFor(() =>
      expect(selectPendingNotices(store.getState()).map((notice) => notice.key)).toContain(
        'emailDetail.labelRemoveError',
      ),
    );
    expect(screen.getByTestId('email-label')).toHaveTextContent('Important');
  });

  it('marks a label already on the email as disabled in the select', async () => {
    stubApi(email({ labels: ['l1'] }));
    await renderDetail();
    await screen.findByTestId('email-label');
    await act(async () => {
      fireEvent.click(screen.getByTestId('label-select'));
    });
    const option = async (name: string) =>
      (await screen.findAllByRole('option', { name, hidden: true })).find((item) => item.tagName === 'LI');
    expect(await option('Important')).toHaveAttribute('aria-disabled', 'true');
    expect(await option('Urgent')).toHaveAttribute('aria-disabled', 'false');
  });

  it('removes the chip once the reloaded email no longer has the label', async () => {
    stubApi(email({ labels: ['l1'] }));
    jest.spyOn(inboxApi, 'removeLabelFromEmail').mockResolvedValue(email());
    await renderDetail();
    await screen.findByTestId('email-label');
    jest.spyOn(inboxApi, 'getEmail').mockResolvedValue(email());

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove label Important' }));
    });
    await waitFor(() => expect(screen.queryByTestId('email-label')).not.toBeInTheDocument());
  });

  it('lists the attachments that are not inline, with a preview for images only', async () => {
    stubApi(
      email({
        attachments: [
          attachment({}),
          attachment({ id: 'a2', filename: 'photo.png', contentType: 'image/png', size: 68 }),
          attachment({ id: 'a3', filename: 'logo.png', contentType: 'image/png', inline: true }),
        ],
      }),
    );
    await renderDetail();
    expect(screen.getAllByTestId('attachment-name').map((item) => item.textContent)).toEqual([
      'invoice.pdf (120 B)',
      'photo.png (68 B)',
    ]);
    expect(screen.getAllByTestId('attachment-download')).toHaveLength(2);
    expect(screen.getAllByTestId('attachment-preview')).toHaveLength(1);
  });

  it('shows no attachments card when every part is inline', async () => {
    stubApi(email({ attachments: [attachment({ contentType: 'image/png', filename: 'logo.png', inline: true })] }));
    await renderDetail();
    expect(screen.queryByText('Attachments')).not.toBeInTheDocument();
    expect(screen.queryByTestId('attachments')).not.toBeInTheDocument();
  });
});

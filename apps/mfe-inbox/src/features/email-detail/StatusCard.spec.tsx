import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, inboxApi } from '@teaminbox/api-client';
import { emailUpdated } from '@teaminbox/web-store';
import { answerServerCalls } from '@teaminbox/web-store/testing';
import { closeDetail, emailDetail, renderDetail, serverCalls, stubDetailApi } from './detail-test-harness';

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

/** Opens a PrimeReact dropdown of the page and picks the option with this text. */
async function choose(testId: string, option: string) {
  await click(screen.getByTestId(testId));
  const item = (await screen.findAllByRole('option', { name: option, hidden: true })).find((i) => i.tagName === 'LI');
  await click(item!);
}

describe("the email detail's status and priority", () => {
  afterEach(closeDetail);

  it('shows both in the meta and in their selects', async () => {
    stubDetailApi(emailDetail({ status: 'IN_PROGRESS', priority: 'HIGH' }));
    await renderDetail();
    const meta = screen.getByTestId('email-meta');
    expect(meta).toHaveTextContent('Priorityhigh');
    expect(meta).toHaveTextContent('Statusin_progress');
    expect(screen.getByTestId('status-select')).toHaveTextContent('In Progress');
    expect(screen.getByTestId('priority-select')).toHaveTextContent('High');
    // Each select is named by its label, for assistive technology.
    expect(screen.getByLabelText('Status', { selector: 'input' })).toHaveValue('In Progress');
    expect(screen.getByLabelText('Priority', { selector: 'input' })).toHaveValue('High');
  });

  it("sets the status: 'Status changed' for 2 s and the email reloaded; a failure 'Error changing status' for 3 s", async () => {
    stubDetailApi(emailDetail());
    const setStatus = jest.spyOn(inboxApi, 'setStatus').mockImplementationOnce(async () => {
      answerServerCalls({ 'GET /api/emails/e1': emailDetail({ status: 'RESOLVED' }) });
      return emailDetail({ status: 'RESOLVED' });
    });
    const { notices } = await renderDetail();
    await choose('status-select', 'Resolved');
    expect(setStatus).toHaveBeenCalledWith('e1', 'RESOLVED');
    await waitFor(() => expect(screen.getByTestId('email-meta')).toHaveTextContent('Statusresolved'));
    expect(screen.getByTestId('status-select')).toHaveTextContent('Resolved');

    setStatus.mockRejectedValueOnce(new ApiError(500, 'Internal Server Error'));
    await choose('status-select', 'Closed');
    expect(setStatus).toHaveBeenLastCalledWith('e1', 'CLOSED');
    expect(notices()).toEqual([
      ['success', 'Status changed', 2000],
      ['error', 'Error changing status', 3000],
    ]);
    expect(screen.getByTestId('email-meta')).toHaveTextContent('Statusresolved');
  });

  it("sets the priority: 'Priority changed'; a failure 'Error changing priority'", async () => {
    stubDetailApi(emailDetail());
    const setPriority = jest
      .spyOn(inboxApi, 'setPriority')
      .mockResolvedValueOnce(emailDetail({ priority: 'LOW' }))
      .mockRejectedValueOnce(new ApiError(500, 'Internal Server Error'));
    const { notices } = await renderDetail();
    await choose('priority-select', 'Low');
    expect(setPriority).toHaveBeenCalledWith('e1', 'LOW');
    await choose('priority-select', 'High');
    expect(setPriority).toHaveBeenLastCalledWith('e1', 'HIGH');
    expect(notices()).toEqual([
      ['success', 'Priority changed', 2000],
      ['error', 'Error changing priority', 3000],
    ]);
  });

  it('sends nothing when the current value is chosen again', async () => {
    stubDetailApi(emailDetail({ status: 'NEW', priority: 'MEDIUM' }));
    const setStatus = jest.spyOn(inboxApi, 'setStatus');
    const setPriority = jest.spyOn(inboxApi, 'setPriority');
    await renderDetail();
    await choose('status-select', 'New');
    await choose('priority-select', 'Medium');
    expect(setStatus).not.toHaveBeenCalled();
    expect(setPriority).not.toHaveBeenCalled();
  });

  it('follows a change another member makes, pushed live, without loading the email again', async () => {
    stubDetailApi(emailDetail());
    const { store } = await renderDetail();
    await act(async () => {
      store.dispatch(emailUpdated({ id: 'e1', status: 'CLOSED', priority: 'LOW', actorUserId: 'u2' }));
    });
    await waitFor(() => expect(screen.getByTestId('status-select')).toHaveTextContent('Closed'));
    expect(screen.getByTestId('priority-select')).toHaveTextContent('Low');
    expect(screen.getByTestId('email-meta')).toHaveTextContent('Statusclosed');
    expect(serverCalls('GET', '/api/emails/e1')).toHaveLength(1);
  });
});

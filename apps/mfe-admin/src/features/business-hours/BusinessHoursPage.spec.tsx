import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type BusinessHours, DEFAULT_BUSINESS_HOURS } from '@teaminbox/contracts';
import { me, noticesOf, renderPage } from '../../testing/admin-harness';
import BusinessHoursPage from './BusinessHoursPage';

const HOURS = 'GET /api/team/business-hours';
const SAVE = 'PUT /api/team/business-hours';
const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const enabledSwitch = () => screen.getByTestId('business-hours-enabled').querySelector('input') as HTMLInputElement;

describe('the Business hours screen', () => {
  it('saves what an ADMIN changed on the version read and says so', async () => {
    const { calls, store } = renderPage(BusinessHoursPage, {
      [HOURS]: [200, DEFAULT_BUSINESS_HOURS],
      [SAVE]: (body) => {
        const { expectedVersion, ...hours } = body as BusinessHours & { expectedVersion: number };
        return [200, { ...hours, version: expectedVersion + 1 }];
      },
    });
    await waitFor(() => expect(enabledSwitch()).toBeEnabled());
    expect(screen.getByTestId('business-hours-saturday')).toHaveTextContent('Closed');

    fireEvent.click(enabledSwitch());
    fireEvent.change(input('Friday To'), { target: { value: '15:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Saturday: Add interval' }));
    fireEvent.change(input('Saturday To'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(noticesOf(store)).toEqual([expect.objectContaining({ severity: 'success', key: 'businessHours.saved' })]),
    );
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/api/team/business-hours',
        body: {
          enabled: true,
          timeZone: 'UTC',
          weekly: {
            ...DEFAULT_BUSINESS_HOURS.weekly,
            friday: [{ start: '09:00', end: '15:00' }],
            saturday: [{ start: '09:00', end: '12:00' }],
          },
          holidays: [],
          expectedVersion: 0,
        },
      },
    ]);
    await waitFor(() => expect(input('Friday To').value).toBe('15:00'));
  });

  it('shows the server’s reason for a refused schedule', async () => {
    const { store } = renderPage(BusinessHoursPage, {
      [HOURS]: [200, { ...DEFAULT_BUSINESS_HOURS, enabled: true, version: 3 }],
      [SAVE]: [400, { message: 'Intervals overlap on monday (09:00-17:00 and 12:00-13:00)' }],
    });
    await waitFor(() => expect(enabledSwitch()).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('business-hours-problem')).toHaveTextContent(
      'Intervals overlap on monday (09:00-17:00 and 12:00-13:00)',
    );
    expect(noticesOf(store)).toEqual([]);
  });

  it('shows a MEMBER the hours without letting them change them', async () => {
    renderPage(
      BusinessHoursPage,
      { [HOURS]: [200, { ...DEFAULT_BUSINESS_HOURS, enabled: true, timeZone: 'Europe/Prague', version: 1 }] },
      { user: { ...me, role: 'MEMBER' } },
    );
    await waitFor(() => expect(enabledSwitch()).toBeChecked());
    expect(screen.getByText('Only an ADMIN or a MAINTAINER can change the business hours.')).toBeInTheDocument();
    expect(input('Monday From')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

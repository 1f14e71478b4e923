import { fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '../i18n/i18n';
import { EmailProofCard } from './EmailProofCard';

describe('EmailProofCard', () => {
  beforeAll(() => initI18n('en'));

  it('sends through the callback it is given and says so', async () => {
    const send = jest.fn().mockResolvedValue({ success: true });
    render(<EmailProofCard email="ann@x.test" send={send} />);
    fireEvent.click(screen.getByTestId('email-proof-send'));
    expect(await screen.findByTestId('email-proof-sent')).toHaveTextContent('ann@x.test');
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('email-proof-send')).toBeNull();
  });

  it("shows the answer's message when the sending did not succeed", async () => {
    const send = jest.fn().mockResolvedValue({ success: false, message: 'Too many requests' });
    render(<EmailProofCard email="ann@x.test" send={send} />);
    fireEvent.click(screen.getByTestId('email-proof-send'));
    expect(await screen.findByTestId('email-proof-error')).toHaveTextContent('Too many requests');
    expect(screen.getByTestId('email-proof-send')).toBeInTheDocument();
  });
});

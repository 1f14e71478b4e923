import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { initI18n } from '../i18n/i18n';
import { NoticeView, type ToastNotice } from './NoticeHost';

/** Holds the notices like a store would: a shown notice leaves the list. */
function Harness({ initial, onShown }: { initial: ToastNotice[]; onShown: (id: string) => void }) {
  const [notices, setNotices] = useState(initial);
  return (
    <NoticeView
      notices={notices}
      onShown={(id) => {
        onShown(id);
        setNotices((all) => all.filter((notice) => notice.id !== id));
      }}
    />
  );
}

describe('NoticeView', () => {
  beforeAll(() => initI18n('en'));

  it('renders nothing while there is no notice', () => {
    const { container } = render(<NoticeView notices={[]} onShown={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the notices it is given as toasts and reports each as shown', async () => {
    const onShown = jest.fn();
    render(
      <Harness
        initial={[
          { id: 'n1', severity: 'success', text: 'Saved from the server', lifeMs: 60_000 },
          { id: 'n2', severity: 'info', text: 'With a button', lifeMs: 60_000, closeKey: 'shortcuts.close' },
        ]}
        onShown={onShown}
      />,
    );
    expect(await screen.findByText('Saved from the server')).toBeInTheDocument();
    expect(screen.getByTestId('notice')).toHaveTextContent('With a button');
    expect(screen.getByTestId('notice-close')).toHaveTextContent('Close');
    expect(onShown.mock.calls).toEqual([['n1'], ['n2']]);
  });
});

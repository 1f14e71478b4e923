import { act, fireEvent, render, screen } from '@testing-library/react';
import { HoverMenu, MENU_CLOSE_DELAY_MS } from '../HoverMenu';

function renderMenus() {
  render(
    <div>
      <HoverMenu label="Assignee" icon="pi pi-user-plus" testId="first" items={[{ key: 'a', label: 'Unassign' }]} />
      <HoverMenu label="Actions" icon="pi pi-ellipsis-v" testId="second" items={[{ key: 'b', label: 'Important' }]} />
      <p>elsewhere</p>
    </div>,
  );
}

describe('the hover menu of an inbox row', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('opens on hover and closes 150 ms after the pointer left it', () => {
    expect(MENU_CLOSE_DELAY_MS).toBe(150);
    renderMenus();
    fireEvent.mouseEnter(screen.getByTestId('first'));
    expect(screen.getByTestId('first-menu')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByTestId('first'));
    act(() => {
      jest.advanceTimersByTime(149);
    });
    expect(screen.getByTestId('first-menu')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('first-menu')).not.toBeInTheDocument();
  });

  it('stays open when the pointer comes back within 150 ms', () => {
    renderMenus();
    fireEvent.mouseEnter(screen.getByTestId('first'));
    fireEvent.mouseLeave(screen.getByTestId('first'));
    act(() => {
      jest.advanceTimersByTime(100);
    });
    fireEvent.mouseEnter(screen.getByTestId('first'));
    act(() => {
      jest.advanceTimersByTime(500);
    });
    expect(screen.getByTestId('first-menu')).toBeInTheDocument();
  });

  it('closes every open menu on a click elsewhere', () => {
    renderMenus();
    fireEvent.click(screen.getByRole('button', { name: 'Assignee' }));
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByTestId('second-menu')).toBeInTheDocument();
    fireEvent.click(screen.getByText('elsewhere'));
    expect(screen.queryByTestId('first-menu')).not.toBeInTheDocument();
    expect(screen.queryByTestId('second-menu')).not.toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import { StatusTags } from '../StatusTags';

describe('StatusTags', () => {
  it.each([
    ['NEW', 'new', '#22c55e'],
    ['IN_PROGRESS', 'in_progress', '#eab308'],
    ['RESOLVED', 'resolved', '#14b8a6'],
    ['CLOSED', 'closed', '#6b7280'],
  ] as const)('shows status %s lowercased in the inbox colour', (status, text, colour) => {
    render(<StatusTags email={{ status, priority: 'MEDIUM' }} />);
    const tag = screen.getByTestId('email-status');
    expect(tag).toHaveTextContent(text);
    expect(tag.getAttribute('style')).toContain(colour);
  });

  it.each([
    ['HIGH', 'high', '#ef4444'],
    ['MEDIUM', 'medium', '#eab308'],
    ['LOW', 'low', '#22c55e'],
  ] as const)('shows priority %s lowercased in its colour', (priority, text, colour) => {
    render(<StatusTags email={{ status: 'NEW', priority }} />);
    const tag = screen.getByTestId('email-priority');
    expect(tag).toHaveTextContent(text);
    expect(tag.getAttribute('style')).toContain(colour);
  });
});

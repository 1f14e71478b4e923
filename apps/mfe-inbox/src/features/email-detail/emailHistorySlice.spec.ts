import { detailOpened } from './emailDetailSlice';
import { asOfChosen, backToNow, emailHistorySlice, historyViewToggled } from './emailHistorySlice';
import { shortId } from './HistoryView';

const reduce = emailHistorySlice.reducer;

describe('the History view and the as-of state', () => {
  it('opens the view, keeps the instant chosen until the return to now', () => {
    let state = reduce(undefined, historyViewToggled({ emailId: 'e1', open: true }));
    expect(state).toEqual({ emailId: 'e1', open: true, asOf: null });
    state = reduce(state, asOfChosen({ emailId: 'e1', asOf: '2026-11-17T14:00:00.000Z' }));
    expect(state.asOf).toBe('2026-11-17T14:00:00.000Z');
    state = reduce(state, backToNow());
    expect(state).toEqual({ emailId: 'e1', open: true, asOf: null });
  });

  it('ignores an instant chosen for another email, and starts afresh for another email or a new opening', () => {
    let state = reduce(undefined, historyViewToggled({ emailId: 'e1', open: true }));
    state = reduce(state, asOfChosen({ emailId: 'e1', asOf: '2026-11-17T14:00:00.000Z' }));
    expect(reduce(state, asOfChosen({ emailId: 'e2', asOf: '2026-11-18T14:00:00.000Z' })).asOf).toBe(
      '2026-11-17T14:00:00.000Z',
    );
    expect(reduce(state, historyViewToggled({ emailId: 'e2', open: true }))).toEqual({
      emailId: 'e2',
      open: true,
      asOf: null,
    });
    expect(reduce(state, detailOpened('e1'))).toEqual({ emailId: null, open: false, asOf: null });
  });

  it('shortens an id to its end (UUID v7 ids share their beginning)', () => {
    expect(shortId('019ab3c2-6f1e-7a00-8d2b-3c4d5e6f7a8b')).toBe('…5e6f7a8b');
    expect(shortId('step-read')).toBe('…tep-read');
    expect(shortId('short')).toBe('short');
  });
});

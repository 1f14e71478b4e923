import type { EmailAsOf } from '@teaminbox/contracts';
import {
  asOfChosen,
  asOfFailed,
  asOfLoaded,
  backToNow,
  emailHistorySlice,
  historyEntriesLoaded,
  historyViewToggled,
  selectPastEmail,
  selectViewingPast,
} from './emailHistorySlice';
import { shortId } from './HistoryView';

const reduce = emailHistorySlice.reducer;
const past = (id: string) => ({ id, asOf: '2026-11-17T14:00:00.000Z' }) as EmailAsOf;

describe('the History view and the as-of state', () => {
  it('shows the past once loaded, and nothing of it after the return to now', () => {
    let state = reduce(undefined, historyViewToggled({ emailId: 'e1', open: true }));
    expect(state).toMatchObject({ emailId: 'e1', open: true, status: 'loading' });
    state = reduce(state, historyEntriesLoaded({ emailId: 'e1', entries: [] }));
    expect(state.status).toBe('ready');
    state = reduce(state, asOfChosen({ emailId: 'e1', asOf: '2026-11-17T14:00:00.000Z' }));
    // Loading the past already locks the controls; the past shows once it is there.
    expect(selectViewingPast({ emailHistory: state })).toBe(true);
    expect(selectPastEmail({ emailHistory: state })).toBeNull();
    state = reduce(state, asOfLoaded(past('e1')));
    expect(selectPastEmail({ emailHistory: state })?.id).toBe('e1');
    state = reduce(state, backToNow());
    expect(selectViewingPast({ emailHistory: state })).toBe(false);
    // A late answer after the return to now is dropped.
    expect(selectPastEmail({ emailHistory: reduce(state, asOfLoaded(past('e1'))) })).toBeNull();
  });

  it("ignores another email's answers and starts afresh for another email", () => {
    let state = reduce(undefined, historyViewToggled({ emailId: 'e1', open: true }));
    state = reduce(state, asOfChosen({ emailId: 'e1', asOf: '2026-11-17T14:00:00.000Z' }));
    expect(reduce(state, asOfLoaded(past('e2'))).past).toBeNull();
    expect(reduce(state, historyEntriesLoaded({ emailId: 'e2', entries: [] })).status).toBe('loading');
    expect(reduce(state, asOfFailed('missing'))).toMatchObject({ pastStatus: 'missing', past: null });
    const other = reduce(state, historyViewToggled({ emailId: 'e2', open: true }));
    expect(other).toMatchObject({ emailId: 'e2', asOf: null, pastStatus: 'idle' });
  });

  it('shortens an id to its end (UUID v7 ids share their beginning)', () => {
    expect(shortId('019ab3c2-6f1e-7a00-8d2b-3c4d5e6f7a8b')).toBe('…5e6f7a8b');
    expect(shortId('step-read')).toBe('…tep-read');
    expect(shortId('short')).toBe('short');
  });
});
